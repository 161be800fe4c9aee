//! The kubelet's image manager (`pkg/kubelet/images`): whether a container's image is
//! pulled before it starts, by its pull policy, and the events that say so.
//!
//! A scenario's nodes come with every image already present (like a kind cluster with
//! preloaded images), except those the scenario marks `pull-error`, which no registry
//! serves. So `IfNotPresent` and `Never` start from the image on the node, `Always`
//! pulls it again, and a `pull-error` image fails every pull.

use k8s_openapi::api::core::v1::Container;

use crate::api::Api;
use crate::clock;

use super::SOURCE;

/// What pulling a container's image came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PullResult {
    /// The image is on the node (pulled again first under `Always`).
    Ready,
    /// The pull failed: the container waits in `ErrImagePull`.
    ErrImagePull,
    /// Not on the node and the policy forbids pulling: `ErrImageNeverPull`.
    ErrImageNeverPull,
}

impl PullResult {
    /// The container's waiting reason, for a failed pull.
    pub fn waiting_reason(self) -> Option<&'static str> {
        match self {
            PullResult::Ready => None,
            PullResult::ErrImagePull => Some("ErrImagePull"),
            PullResult::ErrImageNeverPull => Some("ErrImageNeverPull"),
        }
    }
}

fn image(container: &Container) -> &str {
    container.image.as_deref().unwrap_or("")
}

/// The container's policy; a pod stored without one (the unit tests' fixtures) gets
/// the API server's default.
fn pull_policy(container: &Container) -> &str {
    match container.image_pull_policy.as_deref() {
        Some(policy) if !policy.is_empty() => policy,
        _ => dsplay_model::defaults::default_pull_policy(image(container)),
    }
}

/// Whether the kubelet pulls the image before starting the container: `Always`, or an
/// image not on the node under `IfNotPresent`.
pub fn pulls(container: &Container, pullable: bool) -> bool {
    match pull_policy(container) {
        "Always" => true,
        "Never" => false,
        _ => !pullable,
    }
}

/// `Pulling image "..."`, when the pull begins.
pub fn record_pulling(api: &mut Api, object: &str, container: &Container) {
    let message = format!("Pulling image \"{}\"", image(container));
    api.record_container_event(object, &container.name, "Normal", "Pulling", SOURCE, message);
}

/// `EnsureImageExists` as the container starts: the image on the node, a finished pull
/// (begun `pull_ms` ago, when [`record_pulling`] was recorded), or the error the
/// container then waits with, each with its events. `pullable` is false for a
/// `pull-error` image.
pub fn ensure_image_exists(api: &mut Api, object: &str, container: &Container, pullable: bool, pull_ms: u64) -> PullResult {
    let image = image(container);
    let name = container.name.as_str();
    if !pulls(container, pullable) {
        if pullable {
            let message = format!("Container image \"{image}\" already present on machine and can be accessed by the pod");
            api.record_container_event(object, name, "Normal", "Pulled", SOURCE, message);
            return PullResult::Ready;
        }
        let message = format!("Container image \"{image}\" is not present with pull policy of Never");
        api.record_container_event(object, name, "Warning", "ErrImageNeverPull", SOURCE, message);
        api.record_container_event(object, name, "Warning", "Failed", SOURCE, "Error: ErrImageNeverPull".into());
        return PullResult::ErrImageNeverPull;
    }
    if !pullable {
        let message = format!("Failed to pull image \"{image}\": {}", containerd_pull_error(image));
        api.record_container_event(object, name, "Warning", "Failed", SOURCE, message);
        api.record_container_event(object, name, "Warning", "Failed", SOURCE, "Error: ErrImagePull".into());
        return PullResult::ErrImagePull;
    }
    let took = clock::go_duration(pull_ms);
    let message = format!(
        "Successfully pulled image \"{image}\" in {took} ({took} including waiting). Image size: {} bytes.",
        simulated_image_size(image)
    );
    api.record_container_event(object, name, "Normal", "Pulled", SOURCE, message);
    PullResult::Ready
}

/// What containerd answers for an image no registry serves: Docker Hub refuses
/// access, another registry has no such reference.
fn containerd_pull_error(image: &str) -> String {
    let reference = fully_qualified(image);
    let cause = if reference.starts_with("docker.io/") {
        "pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed".to_owned()
    } else {
        format!("{reference}: not found")
    };
    format!("failed to pull and unpack image \"{reference}\": failed to resolve reference \"{reference}\": {cause}")
}

/// The reference as containerd resolves it (`docker.io/library/nginx:latest` for
/// `nginx`): Docker Hub when the first part names no registry, `library/` for an
/// official image, `:latest` when there is neither tag nor digest.
fn fully_qualified(image: &str) -> String {
    let (first, _) = image.split_once('/').unwrap_or(("", image));
    let names_registry = first.contains('.') || first.contains(':') || first == "localhost";
    let mut reference = match (image.contains('/'), names_registry) {
        (false, _) => format!("docker.io/library/{image}"),
        (true, false) => format!("docker.io/{image}"),
        (true, true) => image.to_owned(),
    };
    let last = reference.rsplit('/').next().unwrap_or("");
    if !last.contains(':') && !reference.contains('@') {
        reference.push_str(":latest");
    }
    reference
}

/// `Back-off pulling image "..."` and the container's `Error: ImagePullBackOff`, from a
/// sync while the pull backs off.
pub fn record_pull_back_off(api: &mut Api, object: &str, container: &Container) {
    let message = format!("Back-off pulling image \"{}\"", image(container));
    api.record_container_event(object, &container.name, "Normal", "BackOff", SOURCE, message);
    api.record_container_event(object, &container.name, "Warning", "Failed", SOURCE, "Error: ImagePullBackOff".into());
}

/// The size the registry reports for a simulated image: no image is really pulled, so
/// this is made up, but the same for an image every time (FNV-1a of its reference,
/// 10 to 210 MB), as a real registry's would be.
fn simulated_image_size(image: &str) -> u64 {
    10_000_000 + fnv1a(image, 0) % 200_000_000
}

fn fnv1a(text: &str, salt: u8) -> u64 {
    let start = (0xcbf2_9ce4_8422_2325_u64 ^ u64::from(salt)).wrapping_mul(0x0100_0000_01b3);
    text.bytes().fold(start, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// 64 hex digits shaped like a sha256, made up but the same for the same text; each
/// part goes through SplitMix64's finalizer, so that like texts get unlike digests.
pub fn simulated_digest(text: &str) -> String {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..4).map(|salt| format!("{:016x}", mix(fnv1a(text, salt)))).collect()
}

/// What the runtime reports for a container it created from `image`: the reference
/// it resolved (`docker.io/library/nginx:1.27`) and the image's ID, that reference's
/// repository at its (simulated) digest.
pub fn runtime_image(image: &str) -> (String, String) {
    let reference = fully_qualified(image);
    let repository = match reference.rsplit_once(':') {
        Some((repository, tag)) if !tag.contains('/') => repository,
        _ => reference.as_str(),
    };
    let id = format!("{repository}@sha256:{}", simulated_digest(&reference));
    (reference.clone(), id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn container(image: &str, policy: Option<&str>) -> Container {
        Container { name: "agent".into(), image: Some(image.into()), image_pull_policy: policy.map(Into::into), ..Default::default() }
    }

    #[test]
    fn the_policy_decides_whether_a_present_image_is_pulled() {
        assert!(!pulls(&container("example/agent:1.0", Some("IfNotPresent")), true));
        assert!(pulls(&container("example/agent:1.0", Some("IfNotPresent")), false));
        assert!(pulls(&container("example/agent:1.0", Some("Always")), true));
        assert!(!pulls(&container("example/agent:1.0", Some("Never")), false));
        // Undefaulted: the tag decides, as the API server's defaulting does.
        assert!(pulls(&container("nginx", None), true));
        assert!(pulls(&container("nginx:latest", None), true));
        assert!(pulls(&container("registry:5000/nginx", None), true));
        assert!(!pulls(&container("registry:5000/nginx:1.27", None), true));
    }

    #[test]
    fn an_image_has_one_simulated_size() {
        assert_eq!(simulated_image_size("nginx:1.27"), simulated_image_size("nginx:1.27"));
        assert_ne!(simulated_image_size("nginx:1.27"), simulated_image_size("nginx:1.28"));
        assert!((10_000_000..210_000_000).contains(&simulated_image_size("busybox")));
    }

    #[test]
    fn references_resolve_as_containerd_resolves_them() {
        assert_eq!(fully_qualified("nginx"), "docker.io/library/nginx:latest");
        assert_eq!(fully_qualified("example/agent:bad"), "docker.io/example/agent:bad");
        let (reference, id) = runtime_image("nginx:1.27");
        assert_eq!(reference, "docker.io/library/nginx:1.27");
        assert!(id.starts_with("docker.io/library/nginx@sha256:") && id.len() == "docker.io/library/nginx@sha256:".len() + 64, "{id}");
        assert_eq!(runtime_image("localhost:5000/agent:2").1.split('@').next(), Some("localhost:5000/agent"));
        assert_eq!(fully_qualified("registry.k8s.io/pause:3.10"), "registry.k8s.io/pause:3.10");
        assert_eq!(fully_qualified("localhost:5000/app"), "localhost:5000/app:latest");
        assert!(containerd_pull_error("registry.k8s.io/nope:1").ends_with("registry.k8s.io/nope:1: not found"));
    }
}
