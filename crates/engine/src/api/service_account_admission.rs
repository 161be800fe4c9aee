//! The ServiceAccount admission plugin (`plugin/pkg/admission/serviceaccount`): a pod
//! runs as its namespace's `default` service account unless it names one, and unless it
//! opts out (`automountServiceAccountToken: false`) every container, init containers
//! too, mounts a projected `kube-api-access-<suffix>` volume (the bound token, the
//! cluster's CA and the namespace) at /var/run/secrets/kubernetes.io/serviceaccount.
//!
//! The simulated cluster holds every service account a pod names, as it holds every
//! namespace a document names, each with automounting on.

use k8s_openapi::api::core::v1::{
    ConfigMapProjection, DownwardAPIProjection, DownwardAPIVolumeFile, KeyToPath, ObjectFieldSelector, PodSpec, ProjectedVolumeSource,
    ServiceAccountTokenProjection, Volume, VolumeMount, VolumeProjection,
};

const DEFAULT_SERVICE_ACCOUNT: &str = "default";
const TOKEN_VOLUME_PREFIX: &str = "kube-api-access-";
const TOKEN_MOUNT_PATH: &str = "/var/run/secrets/kubernetes.io/serviceaccount";
/// `WarnOnlyBoundTokenExpirationSeconds`: an hour and seven seconds.
const TOKEN_EXPIRATION_SECONDS: i64 = 3607;
/// 0644, the projected volume's default mode.
const DEFAULT_MODE: i32 = 0o644;

/// Fills in the service account and mounts its token; `volume_suffix` is the five
/// characters the plugin draws for the volume's name.
pub fn admit_pod(spec: &mut PodSpec, volume_suffix: &str) {
    if spec.service_account_name.as_deref().unwrap_or_default().is_empty() {
        spec.service_account_name = Some(DEFAULT_SERVICE_ACCOUNT.into());
    }
    // The deprecated field, which the v1 conversion keeps equal to the name.
    spec.service_account = spec.service_account_name.clone();
    if spec.automount_service_account_token == Some(false) {
        return;
    }
    let existing = spec.volumes.iter().flatten().find(|v| v.name.starts_with(TOKEN_VOLUME_PREFIX)).map(|v| v.name.clone());
    let volume_name = existing.clone().unwrap_or_else(|| format!("{TOKEN_VOLUME_PREFIX}{volume_suffix}"));
    let mount = VolumeMount { name: volume_name.clone(), read_only: Some(true), mount_path: TOKEN_MOUNT_PATH.into(), ..Default::default() };
    let mut mounted = false;
    for container in spec.init_containers.iter_mut().flatten().chain(spec.containers.iter_mut()) {
        // A mount of its own at the token's path keeps the token out of that container.
        if !container.volume_mounts.iter().flatten().any(|m| m.mount_path == TOKEN_MOUNT_PATH) {
            container.volume_mounts.get_or_insert_with(Vec::new).push(mount.clone());
            mounted = true;
        }
    }
    if existing.is_none() && mounted {
        spec.volumes.get_or_insert_with(Vec::new).push(token_volume(volume_name));
    }
}

fn token_volume(name: String) -> Volume {
    let namespace_file = DownwardAPIVolumeFile {
        path: "namespace".into(),
        field_ref: Some(ObjectFieldSelector { api_version: Some("v1".into()), field_path: "metadata.namespace".into() }),
        ..Default::default()
    };
    let sources = vec![
        VolumeProjection {
            service_account_token: Some(ServiceAccountTokenProjection {
                path: "token".into(),
                expiration_seconds: Some(TOKEN_EXPIRATION_SECONDS),
                ..Default::default()
            }),
            ..Default::default()
        },
        VolumeProjection {
            config_map: Some(ConfigMapProjection {
                name: "kube-root-ca.crt".into(),
                items: Some(vec![KeyToPath { key: "ca.crt".into(), path: "ca.crt".into(), mode: None }]),
                optional: None,
            }),
            ..Default::default()
        },
        VolumeProjection { downward_api: Some(DownwardAPIProjection { items: Some(vec![namespace_file]) }), ..Default::default() },
    ];
    Volume {
        name,
        projected: Some(ProjectedVolumeSource { sources: Some(sources), default_mode: Some(DEFAULT_MODE) }),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::Container;

    fn spec(containers: Vec<Container>) -> PodSpec {
        PodSpec { containers, ..Default::default() }
    }

    #[test]
    fn every_container_mounts_the_token_of_the_default_account() {
        let mut pod = spec(vec![Container { name: "a".into(), ..Default::default() }, Container { name: "b".into(), ..Default::default() }]);
        admit_pod(&mut pod, "x7k2p");
        assert_eq!((pod.service_account_name.as_deref(), pod.service_account.as_deref()), (Some("default"), Some("default")));
        let volumes = pod.volumes.as_deref().unwrap_or_default();
        assert_eq!(volumes.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(), ["kube-api-access-x7k2p"]);
        for container in &pod.containers {
            let mount = &container.volume_mounts.as_deref().unwrap_or_default()[0];
            assert_eq!((mount.name.as_str(), mount.mount_path.as_str(), mount.read_only), ("kube-api-access-x7k2p", TOKEN_MOUNT_PATH, Some(true)));
        }
    }

    #[test]
    fn opting_out_or_mounting_the_path_keeps_the_token_out() {
        let mut pod = PodSpec { automount_service_account_token: Some(false), service_account_name: Some("calico-node".into()), ..spec(vec![Container::default()]) };
        admit_pod(&mut pod, "x7k2p");
        assert_eq!(pod.service_account.as_deref(), Some("calico-node"));
        assert_eq!(pod.volumes, None);
        let own = VolumeMount { name: "mine".into(), mount_path: TOKEN_MOUNT_PATH.into(), ..Default::default() };
        let mut pod = spec(vec![Container { volume_mounts: Some(vec![own]), ..Default::default() }]);
        admit_pod(&mut pod, "x7k2p");
        assert_eq!(pod.volumes, None);
    }
}
