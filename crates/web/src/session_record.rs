//! What a session did after its scenario's steps: console commands and edits applied in
//! place, in order. The engine is deterministic, so the scenario plus this record
//! replays to the same timeline: share links and saved work carry it, and whoever opens
//! them sees the cordon typed in the console or the rollout an Apply started, not just
//! the scenario as written.

use serde::{Deserialize, Serialize};

/// The most entries a record may hold: far above a training session, and a bound on the
/// work a crafted link can make a browser replay.
pub const MAX_ENTRIES: usize = 1_000;

/// One thing done at the end of the timeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// A line typed in the console, run whatever it printed (an error replays as one),
    /// then the cluster let run on until it is quiet.
    Run(String),
    /// A line typed with "run on" off: run as a scenario step runs, the clock left
    /// where the command left it.
    Step(String),
    /// The editor's text applied in place (`kubectl apply -f` of each changed object).
    Apply(String),
    /// A read-only kubectl line (`get`, `describe`, `rollout status`) typed while the
    /// view showed `frame`, answered as of that frame.
    Query { line: String, frame: usize },
}

/// A scenario and what was done to it since its steps were played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// The text the session was loaded from.
    pub scenario: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<Entry>,
}

impl SessionRecord {
    pub fn new(scenario: &str) -> SessionRecord {
        SessionRecord { scenario: scenario.to_owned(), entries: Vec::new() }
    }

    /// The text the editor holds once the record is replayed: the last edit applied,
    /// else the scenario.
    pub fn applied_text(&self) -> &str {
        self.entries
            .iter()
            .rev()
            .find_map(|entry| match entry {
                Entry::Apply(text) => Some(text.as_str()),
                Entry::Run(_) | Entry::Step(_) | Entry::Query { .. } => None,
            })
            .unwrap_or(&self.scenario)
    }

    /// The entries as a link part carries them: a JSON array such as
    /// `[{"run":"kubectl cordon node-02"},{"apply":"..."}]`.
    pub fn entries_json(&self) -> String {
        // Strings in an array of one-key maps: serializing cannot fail.
        serde_json::to_string(&self.entries).unwrap_or_default()
    }

    /// Reads [`entries_json`](Self::entries_json)'s output; `Err` says what is wrong.
    pub fn entries_from_json(json: &str) -> Result<Vec<Entry>, String> {
        let entries: Vec<Entry> = serde_json::from_str(json).map_err(|e| e.to_string())?;
        if entries.len() > MAX_ENTRIES {
            return Err(format!("{} console entries; at most {MAX_ENTRIES} are replayed", entries.len()));
        }
        Ok(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_as_json() {
        let record = SessionRecord {
            scenario: "kind: Scenario\n".into(),
            entries: vec![
                Entry::Run("kubectl cordon node-02".into()),
                Entry::Apply("kind: Scenario # v2\n".into()),
                Entry::Query { line: "kubectl get pods".into(), frame: 12 },
            ],
        };
        let json = record.entries_json();
        assert_eq!(
            json,
            r#"[{"run":"kubectl cordon node-02"},{"apply":"kind: Scenario # v2\n"},{"query":{"line":"kubectl get pods","frame":12}}]"#
        );
        assert_eq!(SessionRecord::entries_from_json(&json), Ok(record.entries.clone()));
    }

    #[test]
    fn the_applied_text_is_the_last_edit_applied() {
        let mut record = SessionRecord::new("v1");
        assert_eq!(record.applied_text(), "v1");
        record.entries.push(Entry::Apply("v2".into()));
        record.entries.push(Entry::Run("settle".into()));
        assert_eq!(record.applied_text(), "v2");
    }

    #[test]
    fn unreadable_or_oversized_entries_are_errors() {
        assert!(SessionRecord::entries_from_json("not json").is_err());
        assert!(SessionRecord::entries_from_json(r#"[{"rm":"-rf"}]"#).is_err());
        let many = format!("[{}]", vec![r#"{"run":"settle"}"#; MAX_ENTRIES + 1].join(","));
        assert!(SessionRecord::entries_from_json(&many).unwrap_err().contains("at most 1000"));
    }
}
