//! The multi-line fields of describe output: labels, annotations, taints, tolerations
//! (`printLabelsMultiline`, `printAnnotationsMultiline`, `printNodeTaintsMultiline`,
//! `printTolerationsMultilineWithIndent` in kubectl `pkg/describe/describe.go`).

use std::collections::BTreeMap;

use dsplay_model::labels::format_label_selector;
use dsplay_model::tolerations::taint_to_string;
use k8s_openapi::api::core::v1::{SeccompProfile, Taint, Toleration, TopologySpreadConstraint};

use super::table::DescribeWriter;

/// Annotations describe never shows.
const SKIP_ANNOTATIONS: [&str; 1] = ["kubectl.kubernetes.io/last-applied-configuration"];
pub const MAX_ANNOTATION_LEN: usize = 140;

/// `Title:\tk=v`, one pair per line, sorted (a `BTreeMap` already is).
pub fn labels_multiline(w: &mut dyn DescribeWriter, title: &str, labels: Option<&BTreeMap<String, String>>) {
    w.write(&format!("{title}:\t"));
    let labels = labels.filter(|l| !l.is_empty());
    let Some(labels) = labels else {
        w.write("<none>\n");
        return;
    };
    for (i, (key, value)) in labels.iter().enumerate() {
        if i != 0 {
            w.write("\t");
        }
        w.write(&format!("{key}={value}\n"));
    }
}

/// `key: value` per line; long or multi-line values go below their key, each line cut
/// at 138 characters.
pub fn annotations_multiline(w: &mut dyn DescribeWriter, title: &str, annotations: Option<&BTreeMap<String, String>>) {
    w.write(&format!("{title}:\t"));
    let shown: Vec<(&String, &String)> = annotations
        .into_iter()
        .flatten()
        .filter(|(key, _)| !SKIP_ANNOTATIONS.contains(&key.as_str()))
        .collect();
    if shown.is_empty() {
        w.write("<none>\n");
        return;
    }
    for (i, (key, value)) in shown.into_iter().enumerate() {
        if i != 0 {
            w.write("\t");
        }
        let value = value.strip_suffix('\n').unwrap_or(value);
        if value.len() + key.len() + 2 > MAX_ANNOTATION_LEN || value.contains('\n') {
            w.write(&format!("{key}:\n"));
            for line in value.split('\n') {
                w.write(&format!("\t  {}\n", shorten(line, MAX_ANNOTATION_LEN - 2)));
            }
        } else {
            w.write(&format!("{key}: {value}\n"));
        }
    }
}

/// Go slices bytes; cutting inside a UTF-8 sequence is avoided by backing off to a boundary.
fn shorten(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// Taints sorted by `effect,key`, as `key=value:Effect`.
pub fn taints_multiline(w: &mut dyn DescribeWriter, title: &str, taints: Option<&Vec<Taint>>) {
    w.write(&format!("{title}:\t"));
    let mut taints: Vec<&Taint> = taints.into_iter().flatten().collect();
    if taints.is_empty() {
        w.write("<none>\n");
        return;
    }
    dsplay_model::sorting::sort_by(&mut taints, |a, b| format!("{},{}", a.effect, a.key).cmp(&format!("{},{}", b.effect, b.key)));
    for (i, taint) in taints.into_iter().enumerate() {
        if i != 0 {
            w.write("\t");
        }
        w.write(&format!("{}\n", taint_to_string(taint)));
    }
}

/// Tolerations sorted by key: `key=value:Effect op=Exists for 300s`.
pub fn tolerations_multiline(w: &mut dyn DescribeWriter, title: &str, tolerations: Option<&Vec<Toleration>>) {
    w.write(&format!("{title}:\t"));
    let mut tolerations: Vec<&Toleration> = tolerations.into_iter().flatten().collect();
    if tolerations.is_empty() {
        w.write("<none>\n");
        return;
    }
    dsplay_model::sorting::sort_by(&mut tolerations, |a, b| a.key.cmp(&b.key));
    for (i, t) in tolerations.into_iter().enumerate() {
        if i != 0 {
            w.write("\t");
        }
        let key = t.key.as_deref().unwrap_or("");
        let value = t.value.as_deref().unwrap_or("");
        let effect = t.effect.as_deref().unwrap_or("");
        let mut line = key.to_string();
        if !value.is_empty() {
            line.push_str(&format!("={value}"));
        }
        if !effect.is_empty() {
            line.push_str(&format!(":{effect}"));
        }
        if t.operator.as_deref() == Some("Exists") && value.is_empty() {
            if !key.is_empty() || !effect.is_empty() {
                line.push_str(" op=Exists");
            } else {
                line.push_str("op=Exists");
            }
        }
        if let Some(seconds) = t.toleration_seconds {
            line.push_str(&format!(" for {seconds}s"));
        }
        w.write(&format!("{line}\n"));
    }
}

/// `describeTopologySpreadConstraints`: sorted by topology key, one a line, nothing
/// when there are none.
pub fn topology_spread_constraints(w: &mut dyn DescribeWriter, constraints: Option<&Vec<TopologySpreadConstraint>>, space: &str) {
    let Some(constraints) = constraints.filter(|c| !c.is_empty()) else { return };
    let mut sorted: Vec<&TopologySpreadConstraint> = constraints.iter().collect();
    dsplay_model::sorting::sort_by(&mut sorted, |a, b| a.topology_key.cmp(&b.topology_key));
    w.write(&format!("{space}Topology Spread Constraints:\t"));
    for (i, constraint) in sorted.iter().enumerate() {
        if i != 0 {
            w.write(&format!("{space}\t"));
        }
        w.write(&format!("{}:{} when max skew {} is exceeded", constraint.topology_key, constraint.when_unsatisfiable, constraint.max_skew));
        if let Some(selector) = &constraint.label_selector {
            w.write(&format!(" for selector {}", format_label_selector(Some(selector))));
        }
        w.write("\n");
    }
}

/// `SeccompProfile:` and, for a Localhost profile, `LocalhostProfile:` one level deeper
/// (`indent` and `deeper` are those levels' prefixes).
pub fn seccomp_profile(w: &mut dyn DescribeWriter, profile: Option<&SeccompProfile>, indent: &str, deeper: &str) {
    let Some(profile) = profile else { return };
    w.write(&format!("{indent}SeccompProfile:\t{}\n", profile.type_));
    if profile.type_ == "Localhost" {
        w.write(&format!("{deeper}LocalhostProfile:\t{}\n", profile.localhost_profile.as_deref().unwrap_or_default()));
    }
}
