//! The API server's warnings about a pod spec (`GetWarningsForPodTemplate` and
//! `GetWarningsForPod` in pkg/api/pod/warnings.go): not errors, so the object is
//! stored, but kubectl prints each as `Warning: ...` before its answer. These are the
//! ones a DaemonSet manifest meets: node labels deprecated in a node selector or a node
//! affinity term, an environment variable defined twice, a port declared twice.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{NodeSelectorRequirement, PodSpec};

/// `deprecatedNodeLabels`: what each deprecated node label says to use instead.
const DEPRECATED_NODE_LABELS: [(&str, &str); 5] = [
    ("beta.kubernetes.io/arch", "deprecated since v1.14; use \"kubernetes.io/arch\" instead"),
    ("beta.kubernetes.io/os", "deprecated since v1.14; use \"kubernetes.io/os\" instead"),
    ("failure-domain.beta.kubernetes.io/region", "deprecated since v1.17; use \"topology.kubernetes.io/region\" instead"),
    ("failure-domain.beta.kubernetes.io/zone", "deprecated since v1.17; use \"topology.kubernetes.io/zone\" instead"),
    ("beta.kubernetes.io/instance-type", "deprecated since v1.17; use \"node.kubernetes.io/instance-type\" instead"),
];

fn deprecation(label: &str) -> Option<&'static str> {
    DEPRECATED_NODE_LABELS.iter().find(|(key, _)| *key == label).map(|(_, message)| *message)
}

/// The warnings for `spec`, a pod's (`path` "spec") or a template's ("spec.template.spec").
pub fn pod_spec_warnings(spec: &PodSpec, path: &str) -> Vec<String> {
    let mut warnings = Vec::new();
    for key in spec.node_selector.iter().flat_map(BTreeMap::keys) {
        if let Some(message) = deprecation(key) {
            warnings.push(format!("{path}.nodeSelector[{key}]: {message}"));
        }
    }
    let node_affinity = spec.affinity.as_ref().and_then(|a| a.node_affinity.as_ref());
    let expression_warnings = |terms_path: String, expressions: Option<&Vec<NodeSelectorRequirement>>, out: &mut Vec<String>| {
        for (j, expression) in expressions.into_iter().flatten().enumerate() {
            if let Some(message) = deprecation(&expression.key) {
                out.push(format!("{terms_path}.matchExpressions[{j}].key: {} is {message}", expression.key));
            }
        }
    };
    let required = node_affinity.and_then(|n| n.required_during_scheduling_ignored_during_execution.as_ref());
    for (i, term) in required.iter().flat_map(|r| r.node_selector_terms.iter()).enumerate() {
        let term_path = format!("{path}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[{i}]");
        expression_warnings(term_path, term.match_expressions.as_ref(), &mut warnings);
    }
    let preferred = node_affinity.and_then(|n| n.preferred_during_scheduling_ignored_during_execution.as_ref());
    for (i, term) in preferred.into_iter().flatten().enumerate() {
        let term_path = format!("{path}.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[{i}].preference");
        expression_warnings(term_path, term.preference.match_expressions.as_ref(), &mut warnings);
    }
    let containers = [("initContainers", spec.init_containers.as_deref().unwrap_or_default()), ("containers", &spec.containers)];
    for (field, list) in containers {
        for (i, container) in list.iter().enumerate() {
            let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
            for (j, env) in container.env.iter().flatten().enumerate() {
                if seen.insert(env.name.as_str(), j).is_some() {
                    warnings.push(format!(
                        "{path}.{field}[{i}].env[{j}]: hides previous definition of \"{}\", which may be dropped when using apply",
                        env.name
                    ));
                }
            }
        }
    }
    // A port is the same declaration when its number, protocol, host IP and host port are.
    let mut ports: BTreeMap<(i32, String, String, i32), String> = BTreeMap::new();
    for (i, container) in spec.containers.iter().enumerate() {
        for (j, port) in container.ports.iter().flatten().enumerate() {
            let id = (
                port.container_port,
                port.protocol.clone().unwrap_or_else(|| "TCP".into()),
                port.host_ip.clone().unwrap_or_default(),
                port.host_port.unwrap_or(0),
            );
            let here = format!("{path}.containers[{i}].ports[{j}]");
            match ports.get(&id) {
                Some(first) => warnings.push(format!("{here}: duplicate port definition with {first}")),
                None => {
                    ports.insert(id, here);
                }
            }
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deprecated_labels_repeated_env_and_ports_warn() {
        let spec: PodSpec = serde_json::from_value(serde_json::json!({
            "nodeSelector": {"beta.kubernetes.io/os": "linux"},
            "containers": [{
                "name": "a",
                "env": [{"name": "A", "value": "1"}, {"name": "A", "value": "2"}],
                "ports": [{"containerPort": 80}, {"containerPort": 80}]
            }]
        }))
        .unwrap_or_default();
        assert_eq!(
            pod_spec_warnings(&spec, "spec.template.spec"),
            [
                "spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use \"kubernetes.io/os\" instead",
                "spec.template.spec.containers[0].env[1]: hides previous definition of \"A\", which may be dropped when using apply",
                "spec.template.spec.containers[0].ports[1]: duplicate port definition with spec.template.spec.containers[0].ports[0]",
            ]
        );
    }
}
