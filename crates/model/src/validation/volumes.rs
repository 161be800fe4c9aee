//! Pod volumes: `ValidateVolumes` and the volume sources a DaemonSet typically uses
//! (hostPath, emptyDir, configMap, secret, persistentVolumeClaim).

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::Volume;

use super::bad_value::quote;
use super::quantity::ParsedQuantity;
use super::{field, names, FieldError};
use crate::field_path::FieldPath;

const FILE_MODE_ERROR_MSG: &str = "must be a number between 0 and 0777 (octal), both inclusive";

/// `validatePathNoBacksteps`.
pub fn validate_path_no_backsteps(target: &str, path: &FieldPath) -> Vec<FieldError> {
    if target.replace('\\', "/").split('/').any(|part| part == "..") {
        vec![field::invalid(path, quote(target), "must not contain '..'")]
    } else {
        Vec::new()
    }
}

/// `validateLocalDescendingPath`: relative, without backsteps.
pub fn validate_local_descending_path(target: &str, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if target.starts_with('/') {
        errs.push(field::invalid(path, quote(target), "must be a relative path"));
    }
    errs.extend(validate_path_no_backsteps(target, path));
    errs
}

fn validate_mode(mode: Option<i32>, path: &FieldPath) -> Vec<FieldError> {
    match mode {
        Some(m) if !(0..=0o777).contains(&m) => vec![field::invalid(path, m.to_string(), FILE_MODE_ERROR_MSG)],
        _ => Vec::new(),
    }
}

/// The sources set on a volume, in upstream's checking order, each with its JSON name.
fn sources(v: &Volume) -> Vec<&'static str> {
    let set = [
        (v.empty_dir.is_some(), "emptyDir"),
        (v.host_path.is_some(), "hostPath"),
        (v.git_repo.is_some(), "gitRepo"),
        (v.gce_persistent_disk.is_some(), "gcePersistentDisk"),
        (v.aws_elastic_block_store.is_some(), "awsElasticBlockStore"),
        (v.secret.is_some(), "secret"),
        (v.nfs.is_some(), "nfs"),
        (v.iscsi.is_some(), "iscsi"),
        (v.glusterfs.is_some(), "glusterfs"),
        (v.flocker.is_some(), "flocker"),
        (v.persistent_volume_claim.is_some(), "persistentVolumeClaim"),
        (v.rbd.is_some(), "rbd"),
        (v.cinder.is_some(), "cinder"),
        (v.cephfs.is_some(), "cephFS"),
        (v.quobyte.is_some(), "quobyte"),
        (v.downward_api.is_some(), "downwarAPI"),
        (v.fc.is_some(), "fc"),
        (v.flex_volume.is_some(), "flexVolume"),
        (v.config_map.is_some(), "configMap"),
        (v.azure_file.is_some(), "azureFile"),
        (v.vsphere_volume.is_some(), "vsphereVolume"),
        (v.photon_persistent_disk.is_some(), "photonPersistentDisk"),
        (v.portworx_volume.is_some(), "portworxVolume"),
        (v.azure_disk.is_some(), "azureDisk"),
        (v.storageos.is_some(), "storageos"),
        (v.projected.is_some(), "projected"),
        (v.scale_io.is_some(), "scaleIO"),
        (v.csi.is_some(), "csi"),
        (v.ephemeral.is_some(), "ephemeral"),
        (v.image.is_some(), "image"),
    ];
    set.iter().filter(|(present, _)| *present).map(|(_, name)| *name).collect()
}

/// `validateVolumeSource`, for the sources this simulator models in detail.
fn validate_volume_source(v: &Volume, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let present = sources(v);
    for extra in present.iter().skip(1) {
        errs.push(field::forbidden(&path.child(extra), "may not specify more than 1 volume type"));
    }
    match present.first() {
        None => errs.push(field::required(path, "must specify a volume type")),
        Some(&"emptyDir") => {
            let negative = v
                .empty_dir
                .as_ref()
                .and_then(|e| e.size_limit.as_ref())
                .and_then(|q| ParsedQuantity::parse(&q.0).ok())
                .is_some_and(|q| q.is_negative());
            if negative {
                errs.push(field::forbidden(&path.child("emptyDir").child("sizeLimit"), "SizeLimit field must be a valid resource quantity"));
            }
        }
        Some(&"hostPath") => {
            if let Some(hp) = &v.host_path {
                let hp_path = path.child("hostPath");
                if hp.path.is_empty() {
                    errs.push(field::required(&hp_path.child("path"), ""));
                } else {
                    errs.extend(validate_path_no_backsteps(&hp.path, &hp_path.child("path")));
                    let kind = hp.type_.as_deref().unwrap_or("");
                    const SUPPORTED: &[&str] =
                        &["", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"];
                    if !SUPPORTED.contains(&kind) {
                        errs.push(field::not_supported(&hp_path.child("type"), quote(kind), SUPPORTED));
                    }
                }
            }
        }
        Some(&"secret") => {
            if let Some(s) = &v.secret {
                if s.secret_name.as_deref().unwrap_or("").is_empty() {
                    errs.push(field::required(&path.child("secret").child("secretName"), ""));
                }
                errs.extend(validate_mode(s.default_mode, &path.child("secret").child("defaultMode")));
            }
        }
        Some(&"configMap") => {
            if let Some(c) = &v.config_map {
                if c.name.is_empty() {
                    errs.push(field::required(&path.child("configMap").child("name"), ""));
                }
                errs.extend(validate_mode(c.default_mode, &path.child("configMap").child("defaultMode")));
            }
        }
        Some(&"persistentVolumeClaim") => {
            if v.persistent_volume_claim.as_ref().is_some_and(|c| c.claim_name.is_empty()) {
                errs.push(field::required(&path.child("persistentVolumeClaim").child("claimName"), ""));
            }
        }
        Some(_) => {}
    }
    errs
}

/// `ValidateVolumes`: returns the names of the valid volumes, for the volumeMounts check.
pub fn validate_volumes(volumes: &[Volume], path: &FieldPath) -> (BTreeMap<String, usize>, Vec<FieldError>) {
    let mut errs = Vec::new();
    let mut valid = BTreeMap::new();
    for (i, volume) in volumes.iter().enumerate() {
        let idx = path.index(i);
        let name_path = idx.child("name");
        let mut el = validate_volume_source(volume, &idx);
        if volume.name.is_empty() {
            el.push(field::required(&name_path, ""));
        } else {
            for msg in names::is_dns1123_label(&volume.name) {
                el.push(field::invalid(&name_path, quote(&volume.name), &msg));
            }
        }
        if valid.contains_key(&volume.name) {
            el.push(field::duplicate(&name_path, quote(&volume.name)));
        }
        if el.is_empty() {
            valid.insert(volume.name.clone(), i);
        } else {
            errs.extend(el);
        }
    }
    (valid, errs)
}
