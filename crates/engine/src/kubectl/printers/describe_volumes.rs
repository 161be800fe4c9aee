//! The `Volumes:` section (`describeVolumes` and the `print*VolumeSource` helpers in
//! kubectl `pkg/describe/describe.go`), for the volume kinds a DaemonSet commonly mounts.

use k8s_openapi::api::core::v1::Volume;

use super::describe_text::MAX_ANNOTATION_LEN;
use super::quantity_text::canonical;
use super::table::DescribeWriter;

const L2: &str = "    ";
const L3: &str = "      ";

pub fn describe_volumes(w: &mut dyn DescribeWriter, volumes: Option<&Vec<Volume>>, space: &str) {
    let volumes: &[Volume] = volumes.map(Vec::as_slice).unwrap_or_default();
    if volumes.is_empty() {
        w.write(&format!("{space}Volumes:\t<none>\n"));
        return;
    }
    w.write(&format!("{space}Volumes:\n"));
    let name_indent = if space.is_empty() { "" } else { " " };
    for volume in volumes {
        w.write(&format!("  {name_indent}{}:\n", volume.name));
        describe_source(w, volume);
    }
}

fn describe_source(w: &mut dyn DescribeWriter, v: &Volume) {
    if let Some(host) = &v.host_path {
        let kind = host.type_.as_deref().unwrap_or("<none>");
        w.write(&format!(
            "{L2}Type:\tHostPath (bare host directory volume)\n    Path:\t{}\n    HostPathType:\t{kind}\n",
            host.path
        ));
    } else if let Some(empty) = &v.empty_dir {
        let size = empty
            .size_limit
            .as_ref()
            .map(|q| canonical(&q.0))
            .filter(|s| s != "0" && !s.starts_with('-'))
            .unwrap_or_else(|| "<unset>".to_string());
        w.write(&format!(
            "{L2}Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t{}\n    SizeLimit:\t{size}\n",
            empty.medium.as_deref().unwrap_or("")
        ));
    } else if let Some(secret) = &v.secret {
        w.write(&format!(
            "{L2}Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t{}\n    Optional:\t{}\n",
            secret.secret_name.as_deref().unwrap_or(""),
            secret.optional.unwrap_or(false)
        ));
    } else if let Some(cm) = &v.config_map {
        w.write(&format!(
            "{L2}Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t{}\n    Optional:\t{}\n",
            cm.name,
            cm.optional.unwrap_or(false)
        ));
    } else if let Some(claim) = &v.persistent_volume_claim {
        w.write(&format!(
            "{L2}Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t{}\n    ReadOnly:\t{}\n",
            claim.claim_name,
            claim.read_only.unwrap_or(false)
        ));
    } else if let Some(downward) = &v.downward_api {
        w.write(&format!("{L2}Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n"));
        for item in downward.items.iter().flatten() {
            if let Some(field) = &item.field_ref {
                w.write(&format!("{L3}{} -> {}\n", field.field_path, item.path));
            }
            if let Some(resource) = &item.resource_field_ref {
                w.write(&format!("{L3}{} -> {}\n", resource.resource, item.path));
            }
        }
    } else if let Some(projected) = &v.projected {
        w.write(&format!("{L2}Type:\tProjected (a volume that contains injected data from multiple sources)\n"));
        for source in projected.sources.iter().flatten() {
            if let Some(secret) = &source.secret {
                w.write(&format!(
                    "{L2}SecretName:\t{}\n    Optional:\t{}\n",
                    secret.name,
                    secret.optional.unwrap_or(false)
                ));
            } else if source.downward_api.is_some() {
                w.write(&format!("{L2}DownwardAPI:\ttrue\n"));
            } else if let Some(cm) = &source.config_map {
                w.write(&format!("{L2}ConfigMapName:\t{}\n    Optional:\t{}\n", cm.name, cm.optional.unwrap_or(false)));
            } else if let Some(token) = &source.service_account_token {
                w.write(&format!("{L2}TokenExpirationSeconds:\t{}\n", token.expiration_seconds.unwrap_or(3600)));
            }
        }
    } else if let Some(nfs) = &v.nfs {
        w.write(&format!(
            "{L2}Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t{}\n    Path:\t{}\n    ReadOnly:\t{}\n",
            nfs.server,
            nfs.path,
            nfs.read_only.unwrap_or(false)
        ));
    } else if let Some(csi) = &v.csi {
        w.write(&format!(
            "{L2}Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t{}\n    FSType:\t{}\n    ReadOnly:\t{}\n",
            csi.driver,
            csi.fs_type.as_deref().unwrap_or(""),
            csi.read_only.unwrap_or(false)
        ));
        describe_volume_attributes(w, csi.volume_attributes.as_ref());
    } else if let Some(image) = &v.image {
        w.write(&format!(
            "{L2}Type:\tImage (a container image or OCI artifact)\n    Reference:\t{}\n    PullPolicy:\t{}\n",
            image.reference.as_deref().unwrap_or(""),
            image.pull_policy.as_deref().unwrap_or("")
        ));
    } else {
        w.write("  <unknown>\n");
    }
}

/// `printCSIPersistentVolumeAttributesMultilineIndent`: sorted `key=value` lines, each
/// cut at 140 characters; a later line starts with the level's indent twice and a tab,
/// as upstream writes it.
fn describe_volume_attributes(w: &mut dyn DescribeWriter, attributes: Option<&std::collections::BTreeMap<String, String>>) {
    w.write(&format!("{L2}VolumeAttributes:\t"));
    let attributes = attributes.filter(|a| !a.is_empty());
    let Some(attributes) = attributes else {
        return w.write("<none>\n");
    };
    for (i, (key, value)) in attributes.iter().enumerate() {
        if i != 0 {
            w.write(&format!("{L2}{L2}\t"));
        }
        let line = format!("{key}={value}");
        match line.get(..MAX_ANNOTATION_LEN).filter(|_| line.len() > MAX_ANNOTATION_LEN) {
            Some(cut) => w.write(&format!("{L2}{cut}...\n")),
            None => w.write(&format!("{L2}{line}\n")),
        }
    }
}
