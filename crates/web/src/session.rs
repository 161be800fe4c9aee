//! The one place the app talks to the engine: load a scenario, play its steps,
//! run console commands, keep the timeline. Everything else renders what this
//! holds.

use std::cell::{Ref, RefCell};
use std::collections::BTreeMap;

use dsplay_engine::exercise::{self, Evaluation};
use dsplay_engine::scenario::Scenario;
use dsplay_engine::simulation::{Edit, Frame, LoadError, Simulation, StepOutcome};

use crate::session_record::{Entry, SessionRecord};

/// Whether the cluster goes on after a console command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunOn {
    /// As a real cluster goes on after kubectl returns: until nothing more happens
    /// (an hour of simulated time at most).
    #[default]
    UntilQuiet,
    /// Not at all: the clock moves only with `advance` and `settle`, so a trainer can
    /// act inside a grace period or halfway through a rollout.
    No,
}

/// What Apply did with an edit of the running scenario.
pub enum Applied {
    /// The scenario itself changed: a new session, its steps played.
    Reloaded(Box<Session>),
    /// Only manifests changed: applied at the end of this session's timeline, from
    /// `first_frame` on (none when nothing changed); `refused` is the first object the
    /// API server refused.
    InPlace { first_frame: Option<usize>, refused: Option<LoadError> },
}

/// A loaded scenario whose steps have been played: the whole timeline.
///
/// Console commands extend the timeline in place. Frames are only ever
/// appended, so a frame index the view holds stays valid; the interior
/// mutability lets the reducer share one session between states.
pub struct Session {
    simulation: RefCell<Simulation>,
    /// The frame the steps ended at: where a learner is handed an exercise's cluster.
    steps_end: usize,
    steps: Vec<StepOutcome>,
    console: RefCell<Vec<StepOutcome>>,
    /// The text loaded and what was done since: what links and saved work replay.
    record: RefCell<SessionRecord>,
}

impl Session {
    pub fn load(text: &str) -> Result<Session, LoadError> {
        Ok(Session::play(Simulation::load(text)?, text))
    }

    fn play(mut simulation: Simulation, text: &str) -> Session {
        let steps = simulation.run_steps();
        Session {
            steps_end: exercise::start_frame(&simulation),
            simulation: RefCell::new(simulation),
            steps,
            console: RefCell::default(),
            record: RefCell::new(SessionRecord::new(text)),
        }
    }

    /// The session `record` describes: its scenario loaded and played, then each entry
    /// done again. An apply that no longer loads (a link from another version of the
    /// playground) changes nothing, as a failed Apply never does; one that now reloads
    /// the scenario (a record written by hand) is followed, as Apply would have.
    pub fn replay(record: &SessionRecord) -> Result<Session, LoadError> {
        let mut session = Session::load(&record.scenario)?;
        for entry in &record.entries {
            match entry {
                Entry::Run(line) => drop(session.execute(line, RunOn::UntilQuiet)),
                Entry::Step(line) => drop(session.execute(line, RunOn::No)),
                // Only a read-only line is a query: a crafted link's `node add` stays out.
                Entry::Query { line, frame } => drop(session.answer_at(line, *frame)),
                Entry::Apply(text) => {
                    if let Ok(Applied::Reloaded(reloaded)) = session.apply_edit(text) {
                        session = *reloaded;
                    }
                }
            }
        }
        Ok(session)
    }

    /// What links and saved work carry to replay this session.
    pub fn record(&self) -> Ref<'_, SessionRecord> {
        self.record.borrow()
    }

    /// Apply of an edited `text` on this session, as `kubectl apply -f` would act on the
    /// running cluster (see `Simulation::apply_edit`). Its commands join the console.
    pub fn apply_edit(&self, text: &str) -> Result<Applied, LoadError> {
        let frames_before = self.frame_count();
        let edit = self.simulation.borrow_mut().apply_edit(text)?;
        Ok(match edit {
            Edit::Reload(simulation) => {
                // The nodes or steps changed, so the scenario starts again; what was typed
                // in the console since is typed again, so a cordon or a label is not lost
                // (a command about a node that is gone now fails, visibly).
                let reloaded = Session::play(*simulation, text);
                for entry in &self.record.borrow().entries {
                    match entry {
                        Entry::Run(line) => drop(reloaded.execute(line, RunOn::UntilQuiet)),
                        Entry::Step(line) => drop(reloaded.execute(line, RunOn::No)),
                        Entry::Apply(_) | Entry::Query { .. } => {}
                    }
                }
                Applied::Reloaded(Box::new(reloaded))
            }
            Edit::Applied { outcomes, refused } => {
                // A refusal that changed nothing adds no frame to show.
                let first_frame = outcomes.first().map(|outcome| outcome.first_frame).filter(|_| self.frame_count() > frames_before);
                let mut record = self.record.borrow_mut();
                // A comment-only edit applies nothing, but it is the text now applied.
                if record.applied_text() != text {
                    record.entries.push(Entry::Apply(text.to_owned()));
                }
                drop(record);
                self.console.borrow_mut().extend(outcomes);
                Applied::InPlace { first_frame, refused: refused.map(LoadError::from) }
            }
        })
    }

    pub fn frame_count(&self) -> usize {
        self.simulation.borrow().frames().len()
    }

    pub fn last_frame(&self) -> usize {
        self.frame_count().saturating_sub(1)
    }

    pub fn frame(&self, index: usize) -> Option<Ref<'_, Frame>> {
        Ref::filter_map(self.simulation.borrow(), |simulation| simulation.frames().get(index)).ok()
    }

    /// The scenario's steps, each with the frames it produced.
    pub fn steps(&self) -> &[StepOutcome] {
        &self.steps
    }

    /// Whether `node`'s kubelet has stopped posting status (`node down`), at the end
    /// of the timeline, where commands run.
    pub fn kubelet_is_silent(&self, node: &str) -> bool {
        self.simulation.borrow().kubelet_is_silent(node)
    }

    /// The scenario pool each node was shaped from, by node name (at the end of the
    /// timeline; a node of a manifest has none).
    pub fn pools_by_node(&self) -> Ref<'_, BTreeMap<String, String>> {
        Ref::map(self.simulation.borrow(), Simulation::pools_by_node)
    }

    /// The scenario's node pools, in the order it lists them.
    pub fn pool_names(&self) -> Vec<String> {
        self.simulation.borrow().scenario().node_pools.iter().map(|pool| pool.name.clone()).collect()
    }

    /// How far this session got with `exercise`'s task (`None` when it has none): its
    /// goal at the end of the timeline, its constraints over every frame since the steps.
    pub fn evaluate(&self, exercise: &Scenario) -> Option<Evaluation> {
        exercise::evaluate(exercise, &self.simulation.borrow(), self.steps_end)
    }

    /// The scenario this session runs (as last applied).
    pub fn scenario(&self) -> Ref<'_, Scenario> {
        Ref::map(self.simulation.borrow(), Simulation::scenario)
    }

    /// Console commands run so far, oldest first.
    pub fn console(&self) -> Ref<'_, [StepOutcome]> {
        Ref::map(self.console.borrow(), Vec::as_slice)
    }

    /// A console line typed while the view shows `frame`: a read-only kubectl command is
    /// answered as of that frame (`Simulation::query_at`); anything else runs at the end.
    pub fn execute_at(&self, line: &str, frame: usize, run_on: RunOn) -> StepOutcome {
        self.answer_at(line, frame).unwrap_or_else(|| self.execute(line, run_on))
    }

    /// The answer to a read-only kubectl `line` as of `frame`, in the console and the
    /// record; `None` (nothing done) for any other line.
    fn answer_at(&self, line: &str, frame: usize) -> Option<StepOutcome> {
        let outcome = self.simulation.borrow_mut().query_at(line, frame)?;
        self.console.borrow_mut().push(outcome.clone());
        self.record.borrow_mut().entries.push(Entry::Query { line: line.to_owned(), frame });
        Some(outcome)
    }

    /// Runs one console command (kubectl or a simulation command) at the end of
    /// the timeline; `run_on` says whether the cluster then goes on reacting until it
    /// is quiet (`execute_interactively`) or stays where the command left it, as after
    /// a scenario's step.
    pub fn execute(&self, line: &str, run_on: RunOn) -> StepOutcome {
        let (outcome, entry) = match run_on {
            RunOn::UntilQuiet => (self.simulation.borrow_mut().execute_interactively(line), Entry::Run(line.to_owned())),
            RunOn::No => (self.simulation.borrow_mut().execute(line), Entry::Step(line.to_owned())),
        };
        self.console.borrow_mut().push(outcome.clone());
        self.record.borrow_mut().entries.push(entry);
        outcome
    }
}
