//! Security contexts: a container's (`ValidateSecurityContext`), the pod's
//! (`validatePodSpecSecurityContext`), and the seccomp profile check both call. Node agents run privileged more than any other workload, and
//! `privileged: true` beside `allowPrivilegeEscalation: false` is a classic refusal.
//! (Not modelled: the cluster's privileged policy, procMount, Windows and AppArmor
//! options.)

use k8s_openapi::api::core::v1::{PodSecurityContext, SeccompProfile, SecurityContext};

use super::bad_value::{quote, security_context as security_context_value, seccomp_profile as seccomp_value};
use super::volumes::validate_local_descending_path;
use super::{field, FieldError};
use crate::field_path::FieldPath;

/// `IsValidUserID` and `IsValidGroupID` (the same range and words).
fn validate_id(id: Option<i64>, path: &FieldPath) -> Option<FieldError> {
    let id = id?;
    (!(0..=i64::from(i32::MAX)).contains(&id))
        .then(|| field::invalid(path, id.to_string(), "must be between 0 and 2147483647, inclusive"))
}

/// `ValidateSecurityContext` of a container.
pub fn validate_security_context(sc: Option<&SecurityContext>, path: &FieldPath) -> Vec<FieldError> {
    let Some(sc) = sc else { return Vec::new() };
    let mut errs = Vec::new();
    errs.extend(validate_id(sc.run_as_user, &path.child("runAsUser")));
    errs.extend(validate_id(sc.run_as_group, &path.child("runAsGroup")));
    if let Some(profile) = &sc.seccomp_profile {
        errs.extend(validate_seccomp_profile(profile, &path.child("seccompProfile")));
    }
    if sc.allow_privilege_escalation == Some(false) {
        // Upstream reports the whole security context as the bad value.
        if sc.privileged == Some(true) {
            errs.push(field::invalid(
                path,
                security_context_value(sc),
                "cannot set `allowPrivilegeEscalation` to false and `privileged` to true",
            ));
        }
        let added = sc.capabilities.as_ref().and_then(|c| c.add.as_deref()).unwrap_or_default();
        for _ in added.iter().filter(|cap| *cap == "CAP_SYS_ADMIN") {
            errs.push(field::invalid(
                path,
                security_context_value(sc),
                "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN",
            ));
        }
    }
    errs
}

/// `validatePodSpecSecurityContext`: the ids and the seccomp profile (not modelled:
/// sysctls, fsGroupChangePolicy, process namespace sharing, Windows and AppArmor).
pub fn validate_pod_security_context(sc: Option<&PodSecurityContext>, path: &FieldPath) -> Vec<FieldError> {
    let Some(sc) = sc else { return Vec::new() };
    let mut errs = Vec::new();
    errs.extend(validate_id(sc.fs_group, &path.child("fsGroup")));
    errs.extend(validate_id(sc.run_as_user, &path.child("runAsUser")));
    errs.extend(validate_id(sc.run_as_group, &path.child("runAsGroup")));
    for (i, gid) in sc.supplemental_groups.iter().flatten().enumerate() {
        errs.extend(validate_id(Some(*gid), &path.child("supplementalGroups").index(i)));
    }
    if let Some(profile) = &sc.seccomp_profile {
        errs.extend(validate_seccomp_profile(profile, &path.child("seccompProfile")));
    }
    errs
}

/// `validateSeccompProfileField`.
fn validate_seccomp_profile(profile: &SeccompProfile, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let kind = profile.type_.as_str();
    match kind {
        "Localhost" | "RuntimeDefault" | "Unconfined" => {}
        "" => errs.push(field::required(&path.child("type"), "type is required when seccompProfile is set")),
        other => errs.push(field::not_supported(&path.child("type"), quote(other), &["Localhost", "RuntimeDefault", "Unconfined"])),
    }
    let localhost_path = path.child("localhostProfile");
    match (kind, profile.localhost_profile.as_deref()) {
        ("Localhost", None) => errs.push(field::required(&localhost_path, "must be set when seccomp type is Localhost")),
        ("Localhost", Some(file)) => errs.extend(validate_local_descending_path(file, &localhost_path)),
        (_, Some(_)) => errs.push(field::invalid(&localhost_path, seccomp_value(profile), "can only be set when seccomp type is Localhost")),
        (_, None) => {}
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(yaml: &str) -> Vec<String> {
        let sc: SecurityContext = serde_yaml::from_str(yaml).expect("test security context parses");
        validate_security_context(Some(&sc), &FieldPath::root().child("securityContext")).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn privileged_without_escalation_is_refused_with_the_whole_context() {
        assert_eq!(
            errors("{privileged: true, allowPrivilegeEscalation: false}"),
            ["securityContext: Invalid value: {\"Capabilities\":null,\"Privileged\":true,\"SELinuxOptions\":null,\"WindowsOptions\":null,\"RunAsUser\":null,\"RunAsGroup\":null,\"RunAsNonRoot\":null,\"ReadOnlyRootFilesystem\":null,\"AllowPrivilegeEscalation\":false,\"ProcMount\":null,\"SeccompProfile\":null,\"AppArmorProfile\":null}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true"]
        );
        assert!(errors("{privileged: true, allowPrivilegeEscalation: true}").is_empty());
        assert!(errors("{privileged: true}").is_empty());
    }

    #[test]
    fn sys_admin_without_escalation_is_refused() {
        let errs = errors("{allowPrivilegeEscalation: false, capabilities: {add: [CAP_SYS_ADMIN], drop: [ALL]}}");
        assert_eq!(errs.len(), 1);
        assert!(errs[0].starts_with("securityContext: Invalid value: {\"Capabilities\":{\"Add\":[\"CAP_SYS_ADMIN\"],\"Drop\":[\"ALL\"]},"), "{errs:?}");
        assert!(errs[0].ends_with("cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN"));
    }

    #[test]
    fn user_and_group_ids_are_in_range() {
        assert_eq!(
            errors("{runAsUser: -1, runAsGroup: 2147483648}"),
            [
                "securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive",
                "securityContext.runAsGroup: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive",
            ]
        );
    }

    #[test]
    fn pod_ids_are_in_range() {
        let sc: PodSecurityContext = serde_yaml::from_str("{fsGroup: -2, supplementalGroups: [1, -3]}").expect("parses");
        let errs: Vec<String> =
            validate_pod_security_context(Some(&sc), &FieldPath::root().child("securityContext")).iter().map(ToString::to_string).collect();
        assert_eq!(
            errs,
            [
                "securityContext.fsGroup: Invalid value: -2: must be between 0 and 2147483647, inclusive",
                "securityContext.supplementalGroups[1]: Invalid value: -3: must be between 0 and 2147483647, inclusive",
            ]
        );
    }

    #[test]
    fn seccomp_profiles() {
        assert!(errors("{seccompProfile: {type: RuntimeDefault}}").is_empty());
        assert_eq!(
            errors("{seccompProfile: {type: Localhost}}"),
            ["securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost"]
        );
        assert_eq!(
            errors("{seccompProfile: {type: Strict}}"),
            ["securityContext.seccompProfile.type: Unsupported value: \"Strict\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\""]
        );
        assert_eq!(
            errors("{seccompProfile: {type: RuntimeDefault, localhostProfile: x.json}}"),
            ["securityContext.seccompProfile.localhostProfile: Invalid value: {\"Type\":\"RuntimeDefault\",\"LocalhostProfile\":\"x.json\"}: can only be set when seccomp type is Localhost"]
        );
    }
}
