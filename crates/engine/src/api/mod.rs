//! The object store and the API server's side effects (generation, generateName, validation on write).
