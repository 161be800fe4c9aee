//! Whether two versions of a DaemonSet differ only where a status write changes it.
//! The controller's per-DaemonSet index, its history cache and the rollout watch stay
//! valid across such writes, and a sync makes one every time its counts move.

use k8s_openapi::api::apps::v1::DaemonSet;

use crate::state::Stored;

/// True when `a` and `b` agree on everything a sync reads from a DaemonSet: its spec
/// and the metadata that names it, owns its pods and carries the template
/// generation. Status, resourceVersion and managedFields are left out.
pub fn same_but_status(a: &Stored<DaemonSet>, b: &Stored<DaemonSet>) -> bool {
    if a == b {
        return true;
    }
    let (a_meta, b_meta) = (&a.metadata, &b.metadata);
    a.spec == b.spec
        && a_meta.uid == b_meta.uid
        && a_meta.name == b_meta.name
        && a_meta.namespace == b_meta.namespace
        && a_meta.generation == b_meta.generation
        && a_meta.labels == b_meta.labels
        && a_meta.annotations == b_meta.annotations
        && a_meta.deletion_timestamp == b_meta.deletion_timestamp
}

#[cfg(test)]
mod tests {
    use k8s_openapi::api::apps::v1::{DaemonSetSpec, DaemonSetStatus};

    use super::*;

    fn daemonset(image: &str) -> DaemonSet {
        let mut ds = DaemonSet { spec: Some(DaemonSetSpec::default()), ..Default::default() };
        ds.metadata.name = Some("agent".into());
        if let Some(spec) = ds.spec.as_mut() {
            spec.template.spec.get_or_insert_with(Default::default).containers =
                vec![k8s_openapi::api::core::v1::Container { name: "agent".into(), image: Some(image.into()), ..Default::default() }];
        }
        ds
    }

    #[test]
    fn a_status_write_keeps_the_identity_and_a_template_change_does_not() {
        let before = Stored::new(daemonset("agent:1"));
        let mut status_write = daemonset("agent:1");
        status_write.status = Some(DaemonSetStatus { number_ready: 3, ..Default::default() });
        status_write.metadata.resource_version = Some("42".into());
        assert!(same_but_status(&before, &Stored::new(status_write)));
        assert!(!same_but_status(&before, &Stored::new(daemonset("agent:2"))));
    }
}
