//! `Pod Template:` of a DaemonSet or a revision (`DescribePodTemplate` in kubectl
//! `pkg/describe/describe.go`).

use k8s_openapi::api::core::v1::PodTemplateSpec;

use super::describe_containers::describe_containers;
use super::describe_text::{annotations_multiline, labels_multiline, tolerations_multiline, topology_spread_constraints};
use super::describe_volumes::describe_volumes;
use super::table::DescribeWriter;

pub fn describe_pod_template(w: &mut dyn DescribeWriter, template: &PodTemplateSpec) {
    w.write("Pod Template:\n");
    let meta = template.metadata.as_ref();
    labels_multiline(w, "  Labels", meta.and_then(|m| m.labels.as_ref()));
    if let Some(annotations) = meta.and_then(|m| m.annotations.as_ref()).filter(|a| !a.is_empty()) {
        annotations_multiline(w, "  Annotations", Some(annotations));
    }
    let Some(spec) = template.spec.as_ref() else {
        describe_containers(w, "Containers", &[], None, None, "  ");
        describe_volumes(w, None, "  ");
        labels_multiline(w, "  Node-Selectors", None);
        tolerations_multiline(w, "  Tolerations", None);
        return;
    };
    if let Some(account) = spec.service_account_name.as_deref().filter(|a| !a.is_empty()) {
        w.write(&format!("  Service Account:\t{account}\n"));
    }
    if let Some(init) = spec.init_containers.as_ref().filter(|c| !c.is_empty()) {
        describe_containers(w, "Init Containers", init, None, None, "  ");
    }
    describe_containers(w, "Containers", &spec.containers, None, None, "  ");
    describe_volumes(w, spec.volumes.as_ref(), "  ");
    topology_spread_constraints(w, spec.topology_spread_constraints.as_ref(), "  ");
    if let Some(class) = spec.priority_class_name.as_deref().filter(|c| !c.is_empty()) {
        w.write(&format!("  Priority Class Name:\t{class}\n"));
    }
    labels_multiline(w, "  Node-Selectors", spec.node_selector.as_ref());
    tolerations_multiline(w, "  Tolerations", spec.tolerations.as_ref());
}
