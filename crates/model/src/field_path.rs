//! Field paths as the API server prints them: `spec.template.spec.containers[0].image`.
