//! The scenario format (../shared/SCENARIO-FORMAT.md): parsing, steps and expectations.
