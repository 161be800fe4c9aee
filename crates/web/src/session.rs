//! The one place the app talks to the engine: load a scenario, play its steps,
//! keep the timeline. Everything else renders what this holds.

use std::fmt;

use dsplay_engine::simulation::{Frame, Simulation, StepOutcome};

/// Why the edited text was not applied, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApplyError {
    /// 1-based line in the editor, when the engine knows it.
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A loaded scenario whose steps have been played: the whole timeline.
pub struct Session {
    simulation: Simulation,
    steps: Vec<StepOutcome>,
}

impl Session {
    pub fn load(text: &str) -> Result<Session, ApplyError> {
        let mut simulation = Simulation::load(text).map_err(|error| ApplyError { line: error.line(), message: error.to_string() })?;
        let steps = simulation.run_steps();
        Ok(Session { simulation, steps })
    }

    pub fn frames(&self) -> &[Frame] {
        self.simulation.frames()
    }

    pub fn frame(&self, index: usize) -> Option<&Frame> {
        self.frames().get(index)
    }

    pub fn last_frame(&self) -> usize {
        self.frames().len().saturating_sub(1)
    }

    /// The scenario's steps, each with the frames it produced.
    pub fn steps(&self) -> &[StepOutcome] {
        &self.steps
    }
}
