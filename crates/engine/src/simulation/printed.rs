//! What a command printed, in the parts a host says in its own language: the engine
//! knows how it joined them, so no host takes its English apart again.

use super::{StepOutcome, STILL_CHANGING};

/// The parts of [`StepOutcome::output`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printed<'a> {
    /// kubectl's (or the simulation command's) answer, with the playground's line that
    /// the cluster was still changing when it ends with one.
    pub answer: &'a str,
    /// The answer before that line (its newline kept), when it ends with it.
    pub before_still_changing: Option<&'a str>,
    /// The playground's remark after the answer (`# ...`), in English.
    pub note: Option<&'a str>,
}

impl StepOutcome {
    /// [`StepOutcome::output`] in its parts: a remark always comes last, on lines of its
    /// own starting `# ` (`PlaygroundNote::after`).
    pub fn printed(&self) -> Printed<'_> {
        let output = self.output.as_str();
        let (answer, note) = match output.rfind("\n# ") {
            Some(at) => (&output[..at], Some(&output[at + 1..])),
            None if output.starts_with("# ") => ("", Some(output)),
            None => (output, None),
        };
        Printed { answer, before_still_changing: answer.strip_suffix(STILL_CHANGING), note }
    }

    /// The error it printed without kubectl's line that points at `-h` or `--help`
    /// (`CommandError::usage`): what a form beside its field shows; the API server's
    /// causes (`* metadata.labels: ...`) stay, each on its line.
    pub fn error_without_help_pointer(&self) -> Option<String> {
        let error = self.error.as_deref()?;
        Some(error.lines().filter(|line| !line.starts_with("See '")).collect::<Vec<_>>().join("\n").trim_end().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(output: String) -> StepOutcome {
        StepOutcome { output, ..Default::default() }
    }

    #[test]
    fn an_answer_its_still_changing_line_and_its_note_come_apart() {
        let both = outcome(format!("node/a cordoned\n{STILL_CHANGING}\n# the playground found it elsewhere"));
        assert_eq!(both.printed().note, Some("# the playground found it elsewhere"));
        assert_eq!(both.printed().before_still_changing, Some("node/a cordoned\n"));
        assert_eq!(outcome("# only a note".into()).printed().answer, "");
        assert_eq!(outcome("plain".into()).printed(), Printed { answer: "plain", before_still_changing: None, note: None });
    }

    #[test]
    fn an_error_comes_without_its_pointer_to_help() {
        let usage = "error: invalid image spec: x\nSee 'kubectl set image -h' for help and examples".to_owned();
        let refused = StepOutcome { error: Some(usage), ..Default::default() };
        assert_eq!(refused.error_without_help_pointer().as_deref(), Some("error: invalid image spec: x"));
        assert_eq!(outcome("ran".into()).error_without_help_pointer(), None);
    }
}
