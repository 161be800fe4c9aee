//! Go's `utilerrors.NewAggregate(errs).Error()`, as the API server and kubectl print
//! several errors at once: one as it is, several in brackets, joined by ", ".

/// The text of the aggregate of `errors` (empty for none).
pub fn aggregate_text(errors: &[String]) -> String {
    match errors {
        [] => String::new(),
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_error_alone_several_in_brackets() {
        assert_eq!(aggregate_text(&["a".into()]), "a");
        assert_eq!(aggregate_text(&["a".into(), "b".into()]), "[a, b]");
        assert_eq!(aggregate_text(&[]), "");
    }
}
