//! Every string the user sees, in each language the playground speaks.
//!
//! A table is a struct, not a map, so a string missing from one language is a
//! compile error rather than an English word in a Chinese page.

pub mod console_text;
mod en;
mod field_error_text;
pub mod load_error_text;
pub mod refusal_text;
mod narration;
mod panels;
mod present;
mod share;
pub mod task_text;
mod zh_hans;

pub use narration::narrate;
pub use panels::PanelStrings;
pub use present::PresentStrings;

/// The languages of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    ZhHans,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhHans];

    /// The BCP 47 tag, for `<html lang>` and for remembering the choice.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
        }
    }

    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.tag().eq_ignore_ascii_case(tag))
    }

    /// The first supported language among the browser's preferences.
    pub fn negotiate<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred
            .into_iter()
            .find_map(|tag| {
                let tag = tag.to_ascii_lowercase();
                if tag.starts_with("zh") && !tag.contains("hant") && !tag.ends_with("-tw") && !tag.ends_with("-hk") {
                    Some(Lang::ZhHans)
                } else if tag.starts_with("en") {
                    Some(Lang::En)
                } else {
                    None
                }
            })
            .unwrap_or_default()
    }

    /// The language's own name, as the switch shows it.
    pub fn native_name(self) -> &'static str {
        self.strings().language_name
    }

    pub fn strings(self) -> &'static Strings {
        match self {
            Lang::En => &en::STRINGS,
            Lang::ZhHans => &zh_hans::STRINGS,
        }
    }
}

/// One language's strings. Fields that take values are functions.
pub struct Strings {
    pub language_name: &'static str,
    pub language_label: &'static str,
    pub title: &'static str,
    pub tagline: &'static str,
    pub skip_to_cluster: &'static str,

    pub manifest_heading: &'static str,
    pub manifest_label: &'static str,
    pub apply: &'static str,
    pub apply_hint: &'static str,
    pub reset: &'static str,
    /// The Reset button's title, naming what it loads.
    pub reset_hint: fn(&str) -> String,
    pub the_example: &'static str,
    pub applied: &'static str,
    pub unapplied_changes: &'static str,
    /// The last Apply was refused: the editor holds text the cluster does not run.
    pub apply_refused: &'static str,
    /// The error's line, as a button that selects it in the editor.
    pub error_line: fn(usize) -> String,
    pub select_line: fn(usize) -> String,
    pub lines: fn(usize) -> String,

    pub cluster_heading: &'static str,
    pub pool_heading: fn(&str, usize) -> String,
    pub no_nodes: &'static str,
    /// No scenario loaded, so no cluster runs: why, and (with the editor) what to do.
    pub not_loaded: fn(&str) -> String,
    pub not_loaded_no_editor: fn(&str) -> String,
    /// An embed without editor was sent a scenario that did not load.
    pub last_loaded_kept: fn(&str) -> String,
    pub no_daemonsets: &'static str,
    pub node_ready: &'static str,
    pub node_not_ready: &'static str,
    pub node_unknown: &'static str,
    pub node_cordoned: &'static str,
    pub node_control_plane: &'static str,
    pub taints: fn(usize) -> String,
    pub labels: fn(usize) -> String,
    /// The capacity-use list: requests of the node's pods against its allocatable.
    pub usage_heading: &'static str,
    pub usage_cpu: &'static str,
    pub usage_memory: &'static str,
    pub usage_pods: &'static str,
    pub no_daemon_pod: &'static str,
    pub pods_on_node: fn(usize) -> String,
    /// The heading of a card's ordinary pods.
    pub other_pods: &'static str,

    pub phase_pending: &'static str,
    pub phase_running: &'static str,
    pub phase_succeeded: &'static str,
    pub phase_failed: &'static str,
    pub phase_unknown: &'static str,
    pub pod_ready: &'static str,
    pub pod_not_ready: &'static str,
    pub pod_terminating: &'static str,
    pub pod_unscheduled: &'static str,
    pub revision: fn(&str) -> String,
    /// The short tag of a pod made from an older template than the DaemonSet's.
    pub pod_old: &'static str,
    /// Between the parts of a list in a sentence: ", " or "，".
    pub comma: &'static str,
    /// Said after the revision: the pod is of the DaemonSet's current template, or an older one.
    pub template_current: &'static str,
    pub template_old: &'static str,
    pub pod_summary: fn(&str, &str, &str, &str) -> String,

    pub status_heading: &'static str,

    pub timeline_heading: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    pub step_back: &'static str,
    pub step_forward: &'static str,
    pub to_start: &'static str,
    pub to_end: &'static str,
    pub speed: &'static str,
    /// What a speed counts: frames, not simulated seconds.
    pub speed_hint: &'static str,
    pub scrubber: &'static str,
    pub frame_of: fn(usize, usize) -> String,
    /// Said (to a screen reader) when playback starts and when it stops (the frame
    /// counter, silent while playing, says where it stopped when moved).
    pub playing_now: &'static str,
    pub paused_now: &'static str,
    pub at_time: fn(&str) -> String,

    pub console_heading: &'static str,
    /// The switch that lets the cluster run on after each command, and what it does.
    pub console_run_on: &'static str,
    pub console_run_on_hint: &'static str,
    pub console_label: &'static str,
    pub console_run: &'static str,
    pub console_hint: &'static str,
    /// The console of a page whose scenario did not load.
    pub console_no_cluster: &'static str,
    /// The console's scrolling output (a focusable region, so it scrolls by keyboard).
    pub console_output: &'static str,
    /// In place of the earliest commands of a long session.
    pub console_hidden: fn(usize) -> String,
    /// The output of the current scenario step (its 1-based number), under the step chips.
    pub step_output: fn(usize) -> String,
    /// The box below the timeline when it shows a console command's output.
    pub console_command_output: &'static str,
    /// The box below the timeline before any step has printed.
    pub step_output_later: &'static str,
    /// An `expect` that did not hold: (field, expected, actual).
    pub expectation_failed: fn(&str, &str, &str) -> String,

    pub events_heading: &'static str,
    /// The scrolling table inside the events section: a landmark of its own, named apart.
    pub events_table: &'static str,
    pub no_events: &'static str,
    pub steps_heading: &'static str,
    pub step_failed: &'static str,
    /// A step that stopped at a bound (an hour of simulated time, a churn).
    pub step_stopped: &'static str,
    /// Steps left out of the drawn list before and after the window around the current one.
    pub steps_hidden_before: fn(usize) -> String,
    pub steps_hidden_after: fn(usize) -> String,
    pub expect_held: &'static str,
    /// A chip's title line for a command typed in the console or made by Apply.
    pub typed_chip: &'static str,
    /// A step that the person watching stopped (the progress line's Stop).
    pub stopped_by_you: &'static str,
    /// The progress line while the steps play: simulated time, frames so far.
    pub simulating: fn(&str, usize) -> String,
    pub stop: &'static str,

    /// The notice shown when the app stopped on an internal error (a bug).
    pub crashed: &'static str,
    pub crash_work_saved: &'static str,
    pub reload: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
        }
        assert_eq!(Lang::from_tag("fr"), None);
    }

    #[test]
    fn negotiation_prefers_the_first_supported_language() {
        assert_eq!(Lang::negotiate(["fr-FR", "zh-CN", "en"]), Lang::ZhHans);
        assert_eq!(Lang::negotiate(["zh-TW", "en-GB"]), Lang::En);
        assert_eq!(Lang::negotiate(["de"]), Lang::En);
    }

    #[test]
    fn tables_differ_and_fill_values_in() {
        let en = Lang::En.strings();
        let zh = Lang::ZhHans.strings();
        assert_ne!(en.title, zh.title);
        assert_eq!((en.error_line)(7), "Line 7");
        assert_eq!((zh.error_line)(7), "第 7 行");
        assert_eq!((en.frame_of)(2, 10), "Frame 2 of 10");
    }
}
