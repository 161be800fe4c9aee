//! The API server: the object store and the side effects of every write
//! (defaulting, validation, generation, generateName, graceful deletion), and the
//! list of changes that the informers of the other components then observe.

mod change;
mod errors;
mod names;
pub mod patch;
mod store;

pub use change::Change;
pub use errors::ApiError;
pub use names::NameGenerator;
pub use store::{is_terminal, template_generation as template_generation_of, Api, TEMPLATE_GENERATION_ANNOTATION};

/// `namespace/name`, the key of a namespaced object in [`crate::state::ClusterState`].
pub fn key(namespace: Option<&str>, name: &str) -> String {
    format!("{}/{}", namespace.unwrap_or("default"), name)
}
