//! DaemonSet Playground, the browser app: a Yew host of `dsplay-engine`.
//!
//! [`state`] holds the one reducer, [`session`] is the only module that calls
//! the engine, [`cluster_view`] turns a frame into what the cluster pane draws,
//! and [`components`] draw it.

pub mod app;
pub mod bookmarks;
/// The view model lives in `dsplay-view`, shared with the command line's posters.
pub use dsplay_view as cluster_view;
pub mod components;
pub mod console_input;
pub mod course;
pub mod crash;
pub mod hooks;
pub mod embed;
pub mod focus;
pub mod gallery;
pub mod i18n;
pub mod markdown;
pub mod node_action_model;
pub mod present;
pub mod request;
pub mod session;
pub mod session_record;
pub mod share_link;
pub mod sim_time;
pub mod speed;
pub mod state;
pub mod storage;
pub mod view_model;

pub use app::App;

#[cfg(test)]
mod why_tests;
