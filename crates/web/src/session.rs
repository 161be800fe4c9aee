//! The one place the app talks to the engine: load a scenario, play its steps,
//! run console commands, keep the timeline. Everything else renders what this
//! holds.

use std::cell::{Cell, Ref, RefCell};
use std::collections::BTreeMap;

use dsplay_engine::exercise::{self, Evaluation};
use dsplay_engine::scenario::Scenario;
use dsplay_engine::simulation::{Budget, Edit, Frame, Job, LoadError, Simulation, StepOutcome};

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
    steps_end: Cell<usize>,
    /// The steps played so far (all of them once they are no longer `running`).
    steps: RefCell<Vec<StepOutcome>>,
    /// The steps still being played, a slice at a time ([`Session::work`]), so the page
    /// draws the frames already made while the engine runs ahead; `None` once done.
    running: RefCell<Option<Running>>,
    /// A console command that `work` or `stop` finished since the reducer last looked:
    /// its index in the console ([`Session::take_finished_command`]).
    finished_command: Cell<Option<usize>>,
    console: RefCell<Vec<StepOutcome>>,
    /// The text loaded and what was done since: what links and saved work replay.
    record: RefCell<SessionRecord>,
}

impl Session {
    /// `text` loaded and its steps played.
    pub fn load(text: &str) -> Result<Session, LoadError> {
        let session = Session::open(text)?;
        session.finish();
        Ok(session)
    }

    /// `text` loaded, its steps begun: [`Session::work`] plays them a slice at a time.
    pub fn open(text: &str) -> Result<Session, LoadError> {
        Ok(Session::begin(Simulation::load(text)?, text))
    }

    fn begin(mut simulation: Simulation, text: &str) -> Session {
        let job = simulation.begin_steps();
        Session {
            steps_end: Cell::new(0),
            simulation: RefCell::new(simulation),
            steps: RefCell::default(),
            running: RefCell::new(Some(Running::Steps(job))),
            finished_command: Cell::new(None),
            console: RefCell::default(),
            record: RefCell::new(SessionRecord::new(text)),
        }
    }

    /// Whether the engine is still at work beside the view: the steps, or a console
    /// command that takes simulated time.
    pub fn is_working(&self) -> bool {
        self.running.borrow().is_some()
    }

    /// Goes on with what is running for at most `budget` due actions; `true` once it is
    /// done.
    pub fn work(&self, budget: Budget) -> bool {
        let mut running = self.running.borrow_mut();
        let done = match running.as_mut() {
            None => return true,
            Some(Running::Steps(job)) => {
                let done = self.simulation.borrow_mut().work(job, budget);
                *self.steps.borrow_mut() = job.outcomes().to_vec();
                done
            }
            Some(Running::Command { job, .. }) => self.simulation.borrow_mut().work(job, budget),
        };
        if done {
            let finished = running.take();
            drop(running);
            finished.into_iter().for_each(|finished| self.conclude(finished));
        }
        done
    }

    /// Does what is left at once.
    pub fn finish(&self) {
        self.work(Budget::UNLIMITED);
    }

    /// Stops what is running where it is, as the person watching asked: the step or
    /// command under way ends there, said as stopped; later steps are not played.
    pub fn stop(&self) {
        let Some(mut running) = self.running.borrow_mut().take() else { return };
        let job = match &mut running {
            Running::Steps(job) | Running::Command { job, .. } => job,
        };
        self.simulation.borrow_mut().stop(job);
        self.conclude(running);
    }

    /// What finished work leaves: the steps' outcomes and the frame they end at, or the
    /// command's outcome in the console and its entry in the record.
    fn conclude(&self, finished: Running) {
        match finished {
            Running::Steps(job) => {
                self.steps_end.set(exercise::start_frame(&self.simulation.borrow()));
                *self.steps.borrow_mut() = job.into_outcomes();
            }
            Running::Command { job, entry } => {
                let mut console = self.console.borrow_mut();
                console.push(job.into_outcomes().pop().unwrap_or_default());
                self.record.borrow_mut().entries.extend(entry);
                self.finished_command.set(Some(console.len() - 1));
            }
        }
    }

    /// The console command that finished since the last call, by its index in the
    /// console.
    pub fn take_finished_command(&self) -> Option<usize> {
        self.finished_command.take()
    }

    /// What changes as the steps play and commands run: how many steps are done, and the
    /// console's length (the view's memos are keyed on it).
    pub fn revision(&self) -> (usize, usize) {
        (self.steps.borrow().len(), self.console.borrow().len())
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
        session.finish();
        Ok(session)
    }

    /// What links and saved work carry to replay this session.
    pub fn record(&self) -> Ref<'_, SessionRecord> {
        self.record.borrow()
    }

    /// Apply of an edited `text` on this session, as `kubectl apply -f` would act on the
    /// running cluster (see `Simulation::apply_edit`). Its commands join the console.
    pub fn apply_edit(&self, text: &str) -> Result<Applied, LoadError> {
        self.apply_edit_sliced(text, false)
    }

    /// As [`Session::apply_edit`], but the cluster's settling after the applied objects
    /// is left running, for [`Session::work`] to go on with a slice at a time; its
    /// outcome joins the console when it is done ([`Session::take_finished_command`]).
    pub fn begin_apply_edit(&self, text: &str) -> Result<Applied, LoadError> {
        self.apply_edit_sliced(text, true)
    }

    fn apply_edit_sliced(&self, text: &str, sliced: bool) -> Result<Applied, LoadError> {
        self.finish();
        let frames_before = self.frame_count();
        let (edit, settle) = self.simulation.borrow_mut().begin_apply_edit(text)?;
        Ok(match edit {
            Edit::Reload(simulation) => {
                // The nodes or steps changed, so the scenario starts again; what was typed
                // in the console since is typed again, so a cordon or a label is not lost
                // (a command about a node that is gone now fails, visibly).
                let reloaded = Session::begin(*simulation, text);
                let entries = self.record.borrow();
                // With nothing to type again, the new scenario plays a slice at a time.
                if entries.entries.iter().any(|entry| matches!(entry, Entry::Run(_) | Entry::Step(_))) {
                    reloaded.finish();
                }
                for entry in &entries.entries {
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
                if let Some(job) = settle {
                    // The Apply is in the record already: the settle adds no entry.
                    let settling = Running::Command { job, entry: None };
                    *self.running.borrow_mut() = Some(settling);
                    if !sliced {
                        self.finish();
                        self.finished_command.take();
                    }
                }
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

    /// The scenario's steps played so far, each with the frames it produced.
    pub fn steps(&self) -> Ref<'_, [StepOutcome]> {
        Ref::map(self.steps.borrow(), Vec::as_slice)
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
        if self.is_working() {
            return None;
        }
        exercise::evaluate(exercise, &self.simulation.borrow(), self.steps_end.get())
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

    /// As [`Session::execute_at`], but a command that takes simulated time is only
    /// begun: [`Session::work`] goes on with it a slice at a time, and its outcome joins
    /// the console when it is done ([`Session::take_finished_command`]). `true` when it
    /// is done already (its outcome is the console's last).
    pub fn begin_at(&self, line: &str, frame: usize, run_on: RunOn) -> bool {
        self.answer_at(line, frame).is_some() || self.begin_command(line, run_on)
    }

    /// The answer to a read-only kubectl `line` as of `frame`, in the console and the
    /// record; `None` (nothing done) for any other line.
    fn answer_at(&self, line: &str, frame: usize) -> Option<StepOutcome> {
        self.finish();
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
        if !self.begin_command(line, run_on) {
            self.finish();
        }
        self.finished_command.take();
        self.console.borrow().last().cloned().unwrap_or_default()
    }

    /// Begins a console command as [`Session::execute`] runs it; `true` when it is done
    /// at once, else it is left running.
    fn begin_command(&self, line: &str, run_on: RunOn) -> bool {
        self.finish();
        let mut simulation = self.simulation.borrow_mut();
        let (job, entry) = match run_on {
            RunOn::UntilQuiet => (simulation.begin_interactive(line), Entry::Run(line.to_owned())),
            RunOn::No => (simulation.begin(line), Entry::Step(line.to_owned())),
        };
        drop(simulation);
        let done = job.is_done();
        let command = Running::Command { job, entry: Some(entry) };
        if done {
            self.conclude(command);
            self.finished_command.take();
        } else {
            *self.running.borrow_mut() = Some(command);
        }
        done
    }
}

/// What the engine does beside the view, a slice at a time.
enum Running {
    /// The scenario's steps.
    Steps(Job),
    /// A console command that takes simulated time, and what the record keeps of it
    /// (nothing for the settling after an Apply, which the record holds already).
    Command { job: Job, entry: Option<Entry> },
}
