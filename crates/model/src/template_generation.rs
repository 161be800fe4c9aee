//! `deprecated.daemonset.template.generation`: apps/v1 has no `templateGeneration`
//! field, so the API server carries it in this annotation. Converting a v1 DaemonSet
//! to the internal version (pkg/apis/apps/v1/conversion.go) reads it with
//! `strconv.ParseInt`, so a value that is not a 64-bit integer fails the request's
//! decoding, and a valid one written at creation becomes the template generation.

use std::num::IntErrorKind;

use k8s_openapi::api::apps::v1::DaemonSet;

pub const TEMPLATE_GENERATION_ANNOTATION: &str = "deprecated.daemonset.template.generation";

/// The annotation's value: `Ok(None)` when absent, `Err` with Go's `strconv.ParseInt`
/// message when it is not an integer.
pub fn template_generation(ds: &DaemonSet) -> Result<Option<i64>, String> {
    let Some(value) = ds.metadata.annotations.as_ref().and_then(|a| a.get(TEMPLATE_GENERATION_ANNOTATION)) else {
        return Ok(None);
    };
    value.parse::<i64>().map(Some).map_err(|error| {
        let problem = match error.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => "value out of range",
            _ => "invalid syntax",
        };
        format!("strconv.ParseInt: parsing {value:?}: {problem}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    fn annotated(value: &str) -> DaemonSet {
        let annotations = [(TEMPLATE_GENERATION_ANNOTATION.to_string(), value.to_string())].into();
        DaemonSet { metadata: ObjectMeta { annotations: Some(annotations), ..Default::default() }, ..Default::default() }
    }

    #[test]
    fn integers_are_read_and_anything_else_fails_as_parse_int_does() {
        assert_eq!(template_generation(&DaemonSet::default()), Ok(None));
        assert_eq!(template_generation(&annotated("7")), Ok(Some(7)));
        assert_eq!(template_generation(&annotated("abc")), Err("strconv.ParseInt: parsing \"abc\": invalid syntax".into()));
        assert_eq!(template_generation(&annotated("")), Err("strconv.ParseInt: parsing \"\": invalid syntax".into()));
        assert_eq!(
            template_generation(&annotated("99999999999999999999")),
            Err("strconv.ParseInt: parsing \"99999999999999999999\": value out of range".into())
        );
    }
}
