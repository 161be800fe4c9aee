//! Validation with the API server's own messages and field paths.
