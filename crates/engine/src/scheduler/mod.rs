//! The default scheduler's filter plugins that decide where a daemon pod can bind.
