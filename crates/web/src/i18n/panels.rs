//! Strings of the trainer panels: why / why not, node actions, node pools,
//! the rollout chart, event filters, the gallery and the dense cluster view.
//! A struct per language, as in [`super::Strings`], so a missing translation
//! does not compile.

mod en;
mod zh_hans;

use dsplay_engine::controller::daemonset::BatchBudget;
use crate::cluster_view::node_pools::PoolsError;
use crate::cluster_view::rollout::Unfinished;
use crate::cluster_view::why::{NodeNameCheck, Outcome, RolloutWhy, RuleCheck, TaintCheck};

use super::Lang;

impl Lang {
    pub fn panels(self) -> &'static PanelStrings {
        match self {
            Lang::En => &en::PANELS,
            Lang::ZhHans => &zh_hans::PANELS,
        }
    }
}

pub struct PanelStrings {
    // Why / why not.
    pub why_heading: fn(&str) -> String,
    pub close: &'static str,
    pub node_gone: &'static str,
    pub no_daemonsets: &'static str,
    pub outcome_badge: fn(&Outcome) -> String,
    pub outcome_summary: fn(&Outcome) -> String,
    pub verdict: fn(bool, bool) -> String,
    /// The name of the one-rule list under the summary: the rule that decides it.
    pub deciding_rule: &'static str,
    pub controller_rules: &'static str,
    pub no_rules: &'static str,
    pub allows: &'static str,
    pub blocks: &'static str,
    pub neutral: &'static str,
    pub node_name_rule: fn(&NodeNameCheck) -> String,
    pub affinity_reason: fn(&RuleCheck) -> String,
    pub term_rule: fn(usize) -> String,
    pub taint_reason: fn(&TaintCheck) -> String,
    pub scheduler_heading: &'static str,
    /// Where the node stands in the DaemonSet's rollout, and what holds it.
    pub rollout_heading: &'static str,
    pub rollout_line: fn(&RolloutWhy) -> String,
    /// Under the status line where a command stopped at a bound: which command, then
    /// each DaemonSet it left short of desired.
    pub bound_stopped: fn(&str) -> String,
    pub bound_left: fn(&Unfinished) -> String,
    pub scheduler_skipped: &'static str,
    pub scheduler_hypothetical: &'static str,
    pub scheduler_bound: &'static str,
    pub scheduler_pending: &'static str,
    pub plugin_fits: &'static str,
    pub failed_scheduling: &'static str,
    pub pods_here: &'static str,
    /// Leads the Ready condition's message of a running pod that is not Ready.
    pub not_ready_because: fn(&str) -> String,
    /// Why a pod on a node whose kubelet went silent is not Ready.
    pub node_stopped_posting: &'static str,
    pub select_hint: &'static str,
    /// What follows a label: ": ", or the full-width "：" in Chinese.
    pub colon: &'static str,
    pub select_node: fn(&str) -> String,

    // Node actions.
    pub actions_heading: fn(&str) -> String,
    pub actions_hint: &'static str,
    pub cordon: &'static str,
    pub uncordon: &'static str,
    pub drain: &'static str,
    pub label: &'static str,
    pub label_placeholder: &'static str,
    pub taint: &'static str,
    pub taint_placeholder: &'static str,
    /// After a refused label or taint command: what the input should look like.
    pub label_expected: &'static str,
    pub taint_expected: &'static str,
    /// The node is gone where actions run (the end of the timeline).
    pub actions_node_gone: &'static str,
    pub node_down: &'static str,
    pub node_up: &'static str,
    pub delete_node: &'static str,
    pub add_node: fn(&str) -> String,

    // Node pools.
    pub pools_heading: &'static str,
    pub pools_hint: &'static str,
    /// A pool field's placeholder: an example of what it takes, never mistaken for a value.
    pub example_value: fn(&str) -> String,
    pub pool_name: &'static str,
    pub pool_count: &'static str,
    pub pool_role: &'static str,
    pub role_worker: &'static str,
    pub role_control_plane: &'static str,
    pub pool_labels: &'static str,
    pub pool_taints: &'static str,
    pub pool_cpu: &'static str,
    pub pool_memory: &'static str,
    pub pool_pods: &'static str,
    pub add_pool: &'static str,
    pub remove_pool: &'static str,
    pub apply_pools: &'static str,
    pub pools_unreadable: fn(&str) -> String,
    /// The pools were written, but the API server refused them: nothing was loaded.
    pub pools_refused: fn(&str) -> String,
    /// The rows do not make pools: nothing was written to the editor text.
    pub pools_not_written: fn(&str) -> String,
    /// Why the pool rows could not be read or written (see [`PoolsError`]).
    pub pools_no_scenario: &'static str,
    pub pools_scenario_unreadable: fn(&str) -> String,
    pub pools_no_spec: &'static str,
    pub pools_unnamed: &'static str,
    pub pools_not_a_label: fn(&str) -> String,
    pub pools_not_a_taint: fn(&str) -> String,
    /// The accessible name of a pool row's Remove button.
    pub remove_pool_named: fn(&str) -> String,

    // Rollout chart and keyboard.
    pub chart_heading: &'static str,
    pub chart_label: fn(&str, usize) -> String,
    /// The counts at the frame shown: (DaemonSet, desired, available, up-to-date).
    pub chart_summary: fn(&str, i32, i32, i32) -> String,
    pub series_desired: &'static str,
    pub series_available: &'static str,
    pub series_updated: &'static str,
    pub marker_step: &'static str,
    /// A console command or node action's marker, from its text.
    pub marker_command: fn(&str) -> String,
    /// Between the labels of markers that share a target.
    pub marker_separator: &'static str,
    pub marker_update: fn(&str) -> String,
    pub marker_complete: fn(&str) -> String,
    /// A command stopped: (DaemonSet, node) kept making pods.
    pub marker_stopped: fn(&str, &str) -> String,
    /// The chart's axes: pod counts, and simulated time.
    pub chart_axis_pods: &'static str,
    pub chart_axis_time: &'static str,
    /// A batch of a rollout: the DaemonSet, its number, old pods deleted, surge pods created.
    pub marker_batch: fn(&str, u32, usize, usize, &BatchBudget) -> String,
    pub marker_blocked: &'static str,
    pub blocked_definition: &'static str,
    pub keyboard_hint: &'static str,

    // Events.
    pub filter_node: &'static str,
    pub filter_object: &'static str,
    pub filter_all: &'static str,
    pub events_shown: fn(usize, usize) -> String,
    pub show_older_events: &'static str,
    /// The node action that deletes one of its daemon pods.
    pub delete_pod: fn(&str) -> String,
    /// A pod there at the end of the timeline only, not at the frame shown.
    pub delete_later_pod: fn(&str) -> String,

    // Gallery.
    /// The header's gallery button, with the number of entries (full-width brackets in Chinese).
    pub gallery_open: fn(usize) -> String,
    /// The header's switch that gives the cluster the whole page (a trainer's projector),
    /// pressed while the description and the editor are hidden.
    pub cluster_only: &'static str,
    pub gallery_heading: &'static str,
    pub gallery_category: fn(&str) -> &'static str,
    pub gallery_load: &'static str,
    pub gallery_confirm: &'static str,
    pub gallery_replace: &'static str,
    pub gallery_cancel: &'static str,
    /// Shown in the editor after a gallery load or Reset replaced the user's work.
    pub displaced_notice: &'static str,
    pub restore_work: &'static str,
    pub dismiss_restore: &'static str,

    // Dense view.
    pub dense_heading: fn(usize) -> String,
    pub dense_hint: &'static str,
    pub dense_ok: &'static str,
    pub dense_ok_old: &'static str,
    pub dense_progress: &'static str,
    pub dense_none: &'static str,
    pub dense_bad: &'static str,
    pub dense_cordoned: &'static str,
}

impl PanelStrings {
    /// Why the pool rows could not be read or written, in this language: the field
    /// first, as the API server names it.
    pub fn pools_reason(&self, error: &PoolsError) -> String {
        let reason = match error {
            PoolsError::NoScenarioDocument => self.pools_no_scenario.to_owned(),
            PoolsError::ScenarioUnreadable(parser) => (self.pools_scenario_unreadable)(parser),
            PoolsError::NoSpecMapping => self.pools_no_spec.to_owned(),
            PoolsError::Unnamed { .. } => self.pools_unnamed.to_owned(),
            PoolsError::NotALabel { pair, .. } => (self.pools_not_a_label)(pair),
            PoolsError::NotATaint { item, .. } => (self.pools_not_a_taint)(item),
            PoolsError::NotWritten(error) => error.clone(),
        };
        match error.path() {
            Some(path) => format!("{path}{}{reason}", self.colon),
            None => reason,
        }
    }
}

/// A list too long for a sentence: its first five items, each said by `say` and joined
/// by `separator`, and how many more there are.
pub(crate) fn first_few<T>(items: &[T], say: impl Fn(&T) -> String, separator: &str) -> (String, usize) {
    const SHOWN: usize = 5;
    let said = items.iter().take(SHOWN).map(say).collect::<Vec<_>>().join(separator);
    (said, items.len().saturating_sub(SHOWN))
}
