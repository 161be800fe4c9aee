//! `Apply` of an edited scenario on a running simulation, as `kubectl apply -f` of the
//! file would act on a live cluster: when only its manifests changed, each changed or
//! new object is applied at the end of the timeline and the cluster settles, so a
//! template change starts a rollout from where the cluster is. The steps already
//! played stay. A document a step applies (`dsplay/apply: later`) is applied the same
//! way once its object is in the cluster; before that its step will apply it. When the
//! scenario itself changed (its pools, timing or steps, or a document gone, which
//! `kubectl apply` would not delete) it loads anew.

use super::{FrameCause, Job, LoadError, Simulation, StepOutcome};
use crate::api::name_of;
use crate::kubectl::command::CommandError;
use crate::scenario::{Manifest, ManifestObject, Scenario, Step};

/// What applying an edit did.
pub enum Edit {
    /// The scenario itself changed: this is the edited one, loaded (nodes and manifests
    /// created), no step run yet.
    Reload(Box<Simulation>),
    /// Applied to the running simulation: a `kubectl apply -f <name>` per changed or new
    /// document created at time 0, then a `settle` when any was applied. `refused` is
    /// the first object the API server refused (an update may fail where a create would
    /// not: the selector is immutable), at the line of the field it names.
    Applied { outcomes: Vec<StepOutcome>, refused: Option<LoadError> },
}

impl Simulation {
    /// Applies the edited scenario `text`. An edit that does not load on its own (syntax,
    /// decoding, the API server's create validation) changes nothing: that error, at its line.
    pub fn apply_edit(&mut self, text: &str) -> Result<Edit, LoadError> {
        let (edit, settle) = self.begin_apply_edit(text)?;
        Ok(match (edit, settle) {
            (Edit::Applied { mut outcomes, refused }, Some(mut settle)) => {
                self.finish(&mut settle);
                outcomes.extend(settle.into_outcomes());
                Edit::Applied { outcomes, refused }
            }
            (edit, _) => edit,
        })
    }

    /// As [`Simulation::apply_edit`], with the `settle` after the applied objects begun,
    /// not run: [`Simulation::work`] goes on with it, and its outcome follows the
    /// `outcomes` of [`Edit::Applied`].
    pub fn begin_apply_edit(&mut self, text: &str) -> Result<(Edit, Option<Job>), LoadError> {
        let edited = Simulation::load(text)?;
        let kept = self.scenario.manifests.iter().all(|old| edited.scenario.manifests.iter().any(|new| same_document(old, new)));
        if !kept || !same_setup(&self.scenario, &edited.scenario) {
            return Ok((Edit::Reload(Box::new(edited)), None));
        }
        let changed: Vec<Manifest> = edited
            .scenario
            .manifests
            .iter()
            .filter(|new| !new.apply_later || self.holds(new))
            .filter(|new| !self.scenario.manifests.iter().any(|old| same_document(old, new) && old.object == new.object))
            .cloned()
            .collect();
        self.scenario.manifests = edited.scenario.manifests;
        self.scenario.description = edited.scenario.description;
        let mut outcomes = Vec::new();
        let mut refused = None;
        for manifest in changed {
            let command = format!("kubectl apply -f {}", manifest.name);
            let first_frame = self.frames.len();
            self.api.take_warnings();
            let result = self.apply_object(manifest.object.clone());
            if let (Err(error), None) = (&result, &refused) {
                refused = Some(LoadError::refused(text, &manifest, error));
            }
            let result = self.with_warnings(result.map_err(|e| e.to_string()));
            self.react();
            self.record_frame(FrameCause::Command(command.clone()), None);
            outcomes.push(self.finish_command(command, first_frame, result.map_err(CommandError::new), None));
        }
        // Only what was applied leaves the cluster work to do; a refusal adds no frame.
        let settle = outcomes.iter().any(|outcome| outcome.error.is_none()).then(|| self.begin("settle"));
        Ok((Edit::Applied { outcomes, refused }, settle))
    }
}

impl Simulation {
    /// Whether the cluster holds the object `manifest` describes (by kind and name; a
    /// document that did not decode counts by the kind it declared).
    fn holds(&self, manifest: &Manifest) -> bool {
        let state = &self.api.state;
        let kind = match &manifest.object {
            ManifestObject::Undecodable { kind, .. } => kind.as_str(),
            object => object.kind(),
        };
        match kind {
            "DaemonSet" => state.daemonsets.keys().any(|k| name_of(k) == manifest.name),
            "Pod" => state.pods.keys().any(|k| name_of(k) == manifest.name),
            "Node" => state.nodes.contains_key(&manifest.name),
            _ => false,
        }
    }
}

/// The same document of a file: its kind, its name, and whether a step applies it later.
fn same_document(a: &Manifest, b: &Manifest) -> bool {
    a.object.kind() == b.object.kind() && a.name == b.name && a.apply_later == b.apply_later
}

/// Everything but the manifests and the description: what the timeline was built from.
fn same_setup(a: &Scenario, b: &Scenario) -> bool {
    // A step's line moves when the text above it grows; what it does is what counts.
    let same_step = |x: &Step, y: &Step| x.index == y.index && x.text == y.text && x.action == y.action;
    a.name == b.name
        && a.node_pools == b.node_pools
        && a.timing == b.timing
        && a.steps.len() == b.steps.len()
        && a.steps.iter().zip(&b.steps).all(|(x, y)| same_step(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_fixtures::{line_of, AGENT_SCENARIO as EXAMPLE};

    fn played(text: &str) -> Simulation {
        let mut simulation = Simulation::load(text).unwrap_or_else(|e| panic!("{e}"));
        simulation.run_steps();
        simulation
    }

    fn applied(edit: Result<Edit, LoadError>) -> (Vec<StepOutcome>, Option<LoadError>) {
        match edit {
            Ok(Edit::Applied { outcomes, refused }) => (outcomes, refused),
            Ok(Edit::Reload(_)) => panic!("expected the edit to be applied, not reloaded"),
            Err(error) => panic!("the edit does not load: {error}"),
        }
    }

    fn images(simulation: &Simulation) -> Vec<String> {
        simulation
            .state()
            .pods
            .values()
            .filter_map(|pod| pod.spec.as_ref().and_then(|spec| spec.containers.first()).and_then(|c| c.image.clone()))
            .collect()
    }

    #[test]
    fn a_template_change_rolls_out_from_the_end_of_the_timeline() {
        let mut simulation = played(EXAMPLE);
        let frames_before = simulation.frames().len();
        let (outcomes, refused) = applied(simulation.apply_edit(&EXAMPLE.replace("busybox:1.36", "busybox:1.37")));
        assert!(refused.is_none());
        let commands: Vec<&str> = outcomes.iter().map(|o| o.command.as_str()).collect();
        assert_eq!(commands, ["kubectl apply -f agent", "settle"]);
        assert_eq!(outcomes[0].output, "daemonset.apps/agent configured");
        assert_eq!(outcomes[0].first_frame, frames_before, "the apply is the first new frame");
        assert_eq!(images(&simulation), ["busybox:1.37"; 3], "every pod replaced by the rollout");
    }

    #[test]
    fn an_unchanged_file_applies_nothing() {
        let mut simulation = played(EXAMPLE);
        let frames_before = simulation.frames().len();
        let (outcomes, refused) = applied(simulation.apply_edit(&format!("# a comment\n{EXAMPLE}")));
        assert!(outcomes.is_empty() && refused.is_none());
        assert_eq!(simulation.frames().len(), frames_before);
    }

    #[test]
    fn an_immutable_field_is_refused_at_its_line_and_the_cluster_keeps_going() {
        let mut simulation = played(EXAMPLE);
        let edited = EXAMPLE.replace("{app: agent}", "{app: agent2}");
        let (outcomes, refused) = applied(simulation.apply_edit(&edited));
        let refused = refused.unwrap_or_else(|| panic!("a selector change must be refused"));
        assert!(refused.to_string().contains("spec.selector: Invalid value"), "{refused}");
        assert!(refused.to_string().contains("field is immutable"), "{}", refused.to_string());
        assert_eq!(refused.line, line_of(&edited, "selector:"));
        assert_eq!(outcomes[0].error.as_deref(), Some(refused.to_string().trim_start_matches("document 2 (agent): ")));
        assert_eq!(images(&simulation), ["busybox:1.36"; 3], "nothing changed");
    }

    #[test]
    fn a_changed_pool_or_step_loads_the_scenario_anew() {
        let mut simulation = played(EXAMPLE);
        for edited in [EXAMPLE.replace("count: 3", "count: 4"), EXAMPLE.replace("  - settle\n", "  - settle\n  - advance 5s\n")] {
            assert!(matches!(simulation.apply_edit(&edited), Ok(Edit::Reload(_))), "{edited}");
        }
    }

    #[test]
    fn an_edit_that_does_not_load_changes_nothing() {
        let mut simulation = played(EXAMPLE);
        let frames_before = simulation.frames().len();
        let edited = EXAMPLE.replace("busybox:1.36", "");
        let error = simulation.apply_edit(&edited).err();
        assert!(error.is_some_and(|e| e.line == line_of(&edited, "image:")), "the image's line");
        assert_eq!(simulation.frames().len(), frames_before);
    }

    /// A scenario whose step applies the DaemonSet (`dsplay/apply: later`), as the
    /// myth scenarios of the gallery do.
    const APPLIED_BY_A_STEP: &str = include_str!("../../../../gallery/myth-cordoned-node-gets-no-pod.yaml");

    #[test]
    fn a_document_a_step_applied_is_applied_again_from_the_end_of_the_timeline() {
        let mut simulation = played(APPLIED_BY_A_STEP);
        let (outcomes, refused) = applied(simulation.apply_edit(&APPLIED_BY_A_STEP.replace("busybox:1.36", "busybox:1.37")));
        assert!(refused.is_none());
        assert_eq!(outcomes[0].output, "daemonset.apps/agent configured");
        assert_eq!(images(&simulation), ["busybox:1.37"; 3], "rolled out on every node, the cordoned one too");
    }

    #[test]
    fn an_invalid_edit_of_a_document_a_step_applied_is_refused_at_its_line() {
        let mut simulation = played(APPLIED_BY_A_STEP);
        let edited = APPLIED_BY_A_STEP.replace(
            "  selector:\n",
            "  updateStrategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 1}\n  selector:\n",
        );
        let (_, refused) = applied(simulation.apply_edit(&edited));
        let refused = refused.unwrap_or_else(|| panic!("both set must be refused"));
        assert!(refused.to_string().contains("may not be set when maxUnavailable is non-zero"), "{}", refused.to_string());
        assert_eq!(refused.line, line_of(&edited, "rollingUpdate:"));
        assert_eq!(images(&simulation), ["busybox:1.36"; 3], "nothing changed");
    }
}
