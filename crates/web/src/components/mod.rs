//! The parts of the page, each named for what the user sees.

mod cluster_pane;
mod console;
mod event_list;
mod header;
mod icon;
mod manifest_editor;
mod node_card;
mod pod_chip;
mod share_bar;
mod status_line;
mod timeline;

pub use cluster_pane::ClusterPane;
pub use console::Console;
pub use event_list::EventList;
pub use header::Header;
pub use manifest_editor::{highlight_line, ManifestEditor, Token};
pub use node_card::{NodeCard, NodeCardProps};
pub use pod_chip::{PodChip, PodChipProps};
pub use share_bar::ShareBar;
pub use status_line::{StatusLine, StatusLineProps};
pub use timeline::Timeline;
