//! Node pools -> v1 Node objects, shaped as a kubelet registers a node and the node
//! lifecycle controller first sees it (SCENARIO-FORMAT.md, "Every node ...").

use crate::kubelet::{simulated_digest, KUBELET_CONDITIONS};
use super::format::{NodePool, NodeRole};
use k8s_openapi::api::core::v1::{Node, NodeSpec, NodeStatus, NodeSystemInfo, Taint};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use std::collections::BTreeMap;

pub const LABEL_HOSTNAME: &str = "kubernetes.io/hostname";
pub const LABEL_OS: &str = "kubernetes.io/os";
pub const LABEL_ARCH: &str = "kubernetes.io/arch";
/// The deprecated beta labels the kubelet still sets beside them (`initialNode`).
pub const LABEL_OS_BETA: &str = "beta.kubernetes.io/os";
pub const LABEL_ARCH_BETA: &str = "beta.kubernetes.io/arch";
pub const LABEL_CONTROL_PLANE: &str = "node-role.kubernetes.io/control-plane";
pub const TAINT_CONTROL_PLANE: &str = "node-role.kubernetes.io/control-plane";
pub const TAINT_UNSCHEDULABLE: &str = "node.kubernetes.io/unschedulable";

/// What a pool's node can hold when the file says nothing: a 4-CPU, 8 GiB machine with the
/// kubelet's default of 110 pods. Every Linux kubelet also reports its root filesystem
/// as `ephemeral-storage` (here a 100 GiB disk; a pod requesting some would otherwise
/// never fit) and its huge pages, none reserved.
pub fn default_allocatable() -> BTreeMap<String, Quantity> {
    BTreeMap::from([
        ("cpu".to_owned(), Quantity("4".to_owned())),
        ("ephemeral-storage".to_owned(), Quantity("100Gi".to_owned())),
        ("hugepages-1Gi".to_owned(), Quantity("0".to_owned())),
        ("hugepages-2Mi".to_owned(), Quantity("0".to_owned())),
        ("memory".to_owned(), Quantity("8Gi".to_owned())),
        ("pods".to_owned(), Quantity("110".to_owned())),
    ])
}


impl NodePool {
    /// `<pool>-01` ... : ordinals from 1, two digits at least.
    pub fn node_name(&self, ordinal: u32) -> String {
        format!("{}-{ordinal:02}", self.name)
    }

    /// Every node of the pool, in ordinal order.
    pub fn nodes(&self) -> Vec<Node> {
        (1..=self.count).map(|i| self.node(&self.node_name(i))).collect()
    }

    /// A node of this pool's shape named `name` (also for `node add <name> --pool <pool>`).
    pub fn node(&self, name: &str) -> Node {
        let mut labels = self.labels.clone();
        // The kubelet owns the hostname label; os and arch are its defaults, which a pool
        // may change (an arm64 pool).
        labels.insert(LABEL_HOSTNAME.to_owned(), name.to_owned());
        labels.entry(LABEL_OS.to_owned()).or_insert_with(|| "linux".to_owned());
        labels.entry(LABEL_ARCH.to_owned()).or_insert_with(|| "amd64".to_owned());
        let mut taints = self.taints.clone();
        if self.role == NodeRole::ControlPlane {
            // kubeadm marks control-plane nodes with this label and taint.
            labels.insert(LABEL_CONTROL_PLANE.to_owned(), String::new());
            add_taint(&mut taints, TAINT_CONTROL_PLANE, "NoSchedule");
        }
        let node = Node {
            metadata: ObjectMeta { name: Some(name.to_owned()), labels: Some(labels), ..Default::default() },
            spec: Some(NodeSpec {
                taints: Some(taints),
                unschedulable: self.unschedulable.then_some(true),
                ..Default::default()
            }),
            status: Some(NodeStatus {
                allocatable: Some(self.allocatable.clone()),
                capacity: Some(self.allocatable.clone()),
                ..Default::default()
            }),
        };
        registered(node)
    }
}

/// `volutil.ControllerManagedAttachAnnotation`, which the kubelet's `initialNode` sets.
pub const ANNOTATION_CONTROLLER_ATTACH_DETACH: &str = "volumes.kubernetes.io/controller-managed-attach-detach";

/// The machine's identities the kubelet reads (/etc/machine-id, the DMI product UUID,
/// the kernel's boot_id): made up from the node's name, so each node has its own and
/// a scenario always the same.
struct MachineIds {
    machine_id: String,
    system_uuid: String,
    boot_id: String,
}

fn machine_ids(name: &str) -> MachineIds {
    let uuid = |hex: String| format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32]);
    let digest = |what: &str| simulated_digest(&format!("{what}/{name}"));
    MachineIds { machine_id: digest("machine-id")[..32].to_owned(), system_uuid: uuid(digest("system-uuid")), boot_id: uuid(digest("boot-id")) }
}

fn add_taint(taints: &mut Vec<Taint>, key: &str, effect: &str) {
    if !taints.iter().any(|t| t.key == key && t.effect == effect) {
        taints.push(Taint { key: key.to_owned(), effect: effect.to_owned(), value: None, time_added: None });
    }
}

/// What a node gets from its kubelet and from the node lifecycle controller when it
/// registers, over what a Node document (or a pool) wrote: the hostname, os and arch labels
/// (and their deprecated beta twins) when missing, the default allocatable and capacity when missing, condition Ready=True
/// unless the document wrote a Ready condition, node info, and the unschedulable taint
/// when `spec.unschedulable` is set (the `TaintNodesByCondition` behaviour), and the
/// annotation by which the kubelet leaves volume attach/detach to the controller.
pub fn registered(mut node: Node) -> Node {
    let name = node.metadata.name.clone().unwrap_or_default();
    let annotations = node.metadata.annotations.get_or_insert_with(BTreeMap::new);
    annotations.entry(ANNOTATION_CONTROLLER_ATTACH_DETACH.to_owned()).or_insert_with(|| "true".to_owned());
    let ids = machine_ids(&name);
    let labels = node.metadata.labels.get_or_insert_with(BTreeMap::new);
    labels.entry(LABEL_HOSTNAME.to_owned()).or_insert(name);
    labels.entry(LABEL_OS.to_owned()).or_insert_with(|| "linux".to_owned());
    labels.entry(LABEL_ARCH.to_owned()).or_insert_with(|| "amd64".to_owned());
    let arch = labels.get(LABEL_ARCH).cloned().unwrap_or_default();
    let os = labels.get(LABEL_OS).cloned().unwrap_or_default();
    labels.entry(LABEL_OS_BETA.to_owned()).or_insert_with(|| os.clone());
    labels.entry(LABEL_ARCH_BETA.to_owned()).or_insert_with(|| arch.clone());

    let spec = node.spec.get_or_insert_with(Default::default);
    if spec.unschedulable == Some(true) {
        add_taint(spec.taints.get_or_insert_with(Vec::new), TAINT_UNSCHEDULABLE, "NoSchedule");
    }

    let status = node.status.get_or_insert_with(Default::default);
    let allocatable = status.allocatable.get_or_insert_with(default_allocatable);
    for (resource, quantity) in default_allocatable() {
        allocatable.entry(resource).or_insert(quantity);
    }
    let allocatable = allocatable.clone();
    let capacity = status.capacity.get_or_insert_with(|| allocatable.clone());
    for (resource, quantity) in allocatable {
        capacity.entry(resource).or_insert(quantity);
    }
    // What the kubelet reports, in its order, where the document wrote nothing;
    // conditions of other types (NetworkUnavailable) come first, as on real nodes.
    let written = status.conditions.take().unwrap_or_default();
    let (mut conditions, kubelet_written): (Vec<_>, Vec<_>) =
        written.into_iter().partition(|c| !KUBELET_CONDITIONS.iter().any(|k| k.type_ == c.type_));
    for healthy in &KUBELET_CONDITIONS {
        let condition = kubelet_written.iter().find(|c| c.type_ == healthy.type_).cloned();
        conditions.push(condition.unwrap_or_else(|| healthy.condition()));
    }
    status.conditions = Some(conditions);
    status.node_info.get_or_insert_with(|| NodeSystemInfo {
        architecture: arch,
        operating_system: os,
        kubelet_version: "v1.36.0".to_owned(),
        kube_proxy_version: String::new(),
        container_runtime_version: "containerd://2.1.0".to_owned(),
        kernel_version: "6.12.0".to_owned(),
        os_image: "Debian GNU/Linux 13 (trixie)".to_owned(),
        boot_id: ids.boot_id,
        machine_id: ids.machine_id,
        system_uuid: ids.system_uuid,
        swap: None,
    });
    node
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(role: NodeRole, unschedulable: bool) -> NodePool {
        NodePool {
            name: "cp".into(),
            count: 3,
            role,
            labels: BTreeMap::from([("disk-type".to_owned(), "ssd".to_owned())]),
            taints: vec![],
            unschedulable,
            allocatable: default_allocatable(),
        }
    }

    fn taint_keys(node: &Node) -> Vec<String> {
        node.spec.as_ref().and_then(|s| s.taints.clone()).unwrap_or_default().into_iter().map(|t| format!("{}:{}", t.key, t.effect)).collect()
    }

    #[test]
    fn pool_nodes_are_named_and_labelled() {
        let p = pool(NodeRole::Worker, false);
        let names: Vec<_> = p.nodes().into_iter().filter_map(|n| n.metadata.name).collect();
        assert_eq!(names, ["cp-01", "cp-02", "cp-03"]);
        assert_eq!(p.node_name(123), "cp-123");
        let n = p.node("cp-02");
        let labels = n.metadata.labels.clone().unwrap_or_default();
        assert_eq!(labels.get(LABEL_HOSTNAME).map(String::as_str), Some("cp-02"));
        assert_eq!(labels.get(LABEL_OS).map(String::as_str), Some("linux"));
        assert_eq!(labels.get(LABEL_ARCH).map(String::as_str), Some("amd64"));
        assert_eq!(labels.get("disk-type").map(String::as_str), Some("ssd"));
        assert!(taint_keys(&n).is_empty());
        let status = n.status.unwrap_or_default();
        assert_eq!(status.allocatable, status.capacity);
        assert_eq!(status.allocatable.unwrap_or_default().get("cpu"), Some(&Quantity("4".into())));
        let conditions: Vec<_> = status.conditions.unwrap_or_default().into_iter().map(|c| (c.type_, c.status)).collect();
        let expected = [("MemoryPressure", "False"), ("DiskPressure", "False"), ("PIDPressure", "False"), ("Ready", "True")];
        assert_eq!(conditions, expected.map(|(t, s)| (t.to_owned(), s.to_owned())));
    }

    #[test]
    fn control_plane_and_unschedulable_add_their_taints() {
        let n = pool(NodeRole::ControlPlane, true).node("cp-01");
        assert_eq!(
            n.metadata.labels.unwrap_or_default().get(LABEL_CONTROL_PLANE).map(String::as_str),
            Some("")
        );
        assert_eq!(n.spec.as_ref().and_then(|s| s.unschedulable), Some(true));
        assert_eq!(
            taint_keys(&Node { spec: n.spec.clone(), ..Default::default() }),
            ["node-role.kubernetes.io/control-plane:NoSchedule", "node.kubernetes.io/unschedulable:NoSchedule"]
        );
    }

    #[test]
    fn registered_keeps_what_a_document_wrote() {
        let mut node = Node { metadata: ObjectMeta { name: Some("big".into()), ..Default::default() }, ..Default::default() };
        node.status = Some(NodeStatus {
            allocatable: Some(BTreeMap::from([("cpu".to_owned(), Quantity("64".into()))])),
            conditions: Some(vec![k8s_openapi::api::core::v1::NodeCondition { type_: "Ready".into(), status: "False".into(), ..Default::default() }]),
            ..Default::default()
        });
        let status = registered(node).status.unwrap_or_default();
        let allocatable = status.allocatable.unwrap_or_default();
        assert_eq!(allocatable.get("cpu"), Some(&Quantity("64".into())));
        assert_eq!(allocatable.get("pods"), Some(&Quantity("110".into())));
        let conditions = status.conditions.unwrap_or_default();
        assert_eq!(conditions.len(), 4);
        let ready = conditions.iter().find(|c| c.type_ == "Ready").map(|c| c.status.as_str());
        assert_eq!(ready, Some("False"));
    }
}
