//! The parts of the page, each named for what the user sees.

mod cluster_pane;
mod console;
mod dense_cluster;
mod cluster_only_toggle;
mod event_filter;
mod event_list;
mod gallery_picker;
mod header;
mod icon;
mod load_problem;
mod manifest_editor;
mod node_actions;
mod node_card;
mod pod_chip;
mod pool_editor;
mod rollout_chart;
mod share_bar;
mod status_line;
mod timeline;
mod why_panel;

pub use cluster_pane::ClusterPane;
pub use console::{focus_prompt, Console};
pub use cluster_only_toggle::ClusterOnlyToggle;
pub use event_list::EventList;
pub use gallery_picker::{Closed, GalleryPicker, GalleryToggle};
pub use header::Header;
pub use load_problem::LoadProblem;
pub use manifest_editor::{highlight_text, ManifestEditor, Token};
pub use node_card::{NodeCard, NodeCardProps};
pub use pod_chip::{PodChip, PodChipProps};
pub use share_bar::ShareBar;
pub use status_line::{StatusFrame, StatusLine, StatusLineProps};
pub use rollout_chart::{RolloutChart, ScrubberMarkers};
pub use timeline::Timeline;
pub use why_panel::WhyPanel;
