//! kubectl: command-line parsing with kubectl's own errors, and its printers.

pub mod apply;
pub mod command;
pub mod printers;
pub mod selection;
