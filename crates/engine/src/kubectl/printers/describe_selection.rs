//! Which objects `kubectl describe TYPE [NAME_PREFIX]` describes (`describe.go`):
//! without a name, every object of the type, one after another with a blank line
//! between; a name that is no object's, those whose names begin with it
//! (`DescribeMatchingResources`), each followed by a blank line, or the NotFound of the
//! name when none does.

use super::no_resources_found;

/// `names` are the type's objects in the namespace, in the API server's (name) order;
/// `describe_one` describes one of them. `namespace` is what "No resources found" names:
/// the namespace asked for (`default` for a cluster-scoped type too), `None` with `-A`.
/// `prefix`: whether a name that is no object's may stand for those it begins.
pub fn describe_selection(
    names: &[&str],
    name: Option<&str>,
    prefix: bool,
    namespace: Option<&str>,
    describe_one: &dyn Fn(&str) -> Result<String, String>,
) -> Result<String, String> {
    let Some(name) = name else {
        if names.is_empty() {
            return Ok(no_resources_found(namespace));
        }
        let described: Result<Vec<String>, String> = names.iter().map(|n| describe_one(n)).collect();
        return Ok(described?.join("\n\n"));
    };
    match describe_one(name) {
        Err(not_found) if prefix && not_found.starts_with("Error from server (NotFound)") => {
            let matching: Vec<&&str> = names.iter().filter(|n| n.starts_with(name)).collect();
            if matching.is_empty() {
                return Err(not_found);
            }
            let described: Result<Vec<String>, String> = matching.iter().map(|n| describe_one(n).map(|s| s + "\n")).collect();
            Ok(described?.concat())
        }
        described => described,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe(name: &str) -> Result<String, String> {
        match name {
            "agent-a" | "agent-b" | "other" => Ok(format!("Name: {name}\n")),
            _ => Err(format!("Error from server (NotFound): pods \"{name}\" not found")),
        }
    }

    #[test]
    fn no_name_describes_every_object_and_a_prefix_those_it_begins() {
        let names = ["agent-a", "agent-b", "other"];
        assert_eq!(describe_selection(&names, None, true, Some("default"), &describe), Ok("Name: agent-a\n\n\nName: agent-b\n\n\nName: other\n".into()));
        assert_eq!(describe_selection(&names, Some("other"), true, Some("default"), &describe), Ok("Name: other\n".into()));
        assert_eq!(describe_selection(&names, Some("agent"), true, Some("default"), &describe), Ok("Name: agent-a\n\nName: agent-b\n\n".into()));
        assert!(describe_selection(&names, Some("agent"), false, Some("default"), &describe).is_err(), "pod/agent names one pod");
        assert_eq!(describe_selection(&names, Some("x"), true, Some("default"), &describe), Err("Error from server (NotFound): pods \"x\" not found".into()));
        assert_eq!(describe_selection(&[], None, true, Some("kube-system"), &describe), Ok("No resources found in kube-system namespace.".into()));
    }
}
