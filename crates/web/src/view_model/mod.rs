//! What the components decide, apart from their markup: plain values and functions
//! with no DOM, so they are tested natively (`cargo test -p dsplay-web --lib`).

pub mod cluster;
pub mod gallery;
pub mod manifest;
pub mod pool_form;
pub mod share;
pub mod timeline;
pub mod why;
