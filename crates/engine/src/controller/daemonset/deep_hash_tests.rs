//! Template hashes against upstream's, and the Go quantities behind them.

use k8s_openapi::api::core::v1::PodTemplateSpec;

use crate::controller::daemonset::compute_hash;

/// (name, apply the API server's pod spec defaults first, template, hash, hash with
/// collision count 3). The hashes were computed by upstream's DeepHashObject printer
/// (go-spew at the commit Kubernetes pins, with dump.ForHash's settings) over the Go
/// structs of k8s.io/api v0.36.3, the template decoded from the JSON this project
/// serializes for it, empty lists and maps made nil and quantities re-parsed from their
/// canonical text as the informer's protobuf decoding leaves them, then FNV-32a and
/// SafeEncodeString as controller.ComputeHash does.
const CASES: &[(&str, bool, &str, &str, &str)] = &[
    (
        "minimal_defaulted",
        true,
        r#"{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"nginx:1.27"}]}}"#,
        "8448b6f544",
        "7767989f79",
    ),
    (
        "empty",
        false,
        r#"{}"#,
        "85748b7f68",
        "7c87ffd547",
    ),
    (
        "resources",
        true,
        r#"{"metadata":{"labels":{"app":"agent","tier":"node"},"annotations":{"b":"2","a":"1"}},"spec":{"containers":[{"name":"agent","image":"busybox","command":["sh","-c","sleep 3600"],"args":["x"],"resources":{"requests":{"cpu":"100m","memory":"200Mi","ephemeral-storage":"8Gi"},"limits":{"cpu":"0.5","memory":"1Gi","nvidia.com/gpu":"1"}},"ports":[{"containerPort":8080,"hostPort":8080,"protocol":"TCP","name":"http"}]}]}}"#,
        "75d94d6595",
        "6d4bc8656",
    ),
    (
        "probes_env",
        true,
        r#"{"metadata":{"labels":{"app":"p"}},"spec":{"containers":[{"name":"c","image":"nginx","env":[{"name":"A","value":"1"},{"name":"NODE","valueFrom":{"fieldRef":{"fieldPath":"spec.nodeName"}}}],"readinessProbe":{"httpGet":{"path":"/healthz","port":8080}},"livenessProbe":{"tcpSocket":{"port":"http"},"initialDelaySeconds":5},"startupProbe":{"exec":{"command":["true"]}}}]}}"#,
        "9487944",
        "68b58bfc55",
    ),
    (
        "scheduling",
        true,
        r#"{"metadata":{"labels":{"app":"s"}},"spec":{"nodeSelector":{"kubernetes.io/os":"linux","disk":"ssd"},"tolerations":[{"key":"node-role.kubernetes.io/control-plane","operator":"Exists","effect":"NoSchedule"},{"key":"k","operator":"Equal","value":"v","effect":"NoExecute","tolerationSeconds":30}],"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"zone","operator":"In","values":["a","b"]}]}]}}},"priorityClassName":"system-node-critical","hostNetwork":true,"containers":[{"name":"c","image":"nginx"}]}}"#,
        "7567789d8d",
        "7958dfcf8c",
    ),
    (
        "volumes",
        true,
        r#"{"metadata":{"labels":{"app":"v"}},"spec":{"volumes":[{"name":"h","hostPath":{"path":"/var/log","type":"Directory"}},{"name":"cm","configMap":{"name":"cfg","items":[{"key":"a","path":"a"}]}},{"name":"e","emptyDir":{"sizeLimit":"1Gi"}},{"name":"s","secret":{"secretName":"x"}},{"name":"p","projected":{"sources":[{"serviceAccountToken":{"path":"token","expirationSeconds":3600}}]}}],"containers":[{"name":"c","image":"nginx","volumeMounts":[{"name":"h","mountPath":"/host","readOnly":true}]}],"initContainers":[{"name":"i","image":"busybox","restartPolicy":"Always"}]}}"#,
        "5bc8494f45",
        "5775c6df5d",
    ),
    (
        "quantities",
        false,
        r#"{"spec":{"containers":[{"name":"c","image":"x","resources":{"requests":{"a":"0","b":"1k","c":"1000","d":"1.5Gi","e":"0.1","f":"1e3","g":"1Pi","h":"100Ti","i":"2Ei","j":"123456789012345678901","k":"1n","l":"10Gi","m":"12E","n":"-1","o":"5e-3","p":"1Ti","q":"1024Ei","r":"0.5Ki"}}}]}}"#,
        "699879cb85",
        "7d6987d854",
    ),
    (
        "security",
        true,
        r#"{"metadata":{"labels":{"app":"sec"},"creationTimestamp":null},"spec":{"securityContext":{"runAsUser":1000,"fsGroup":2000},"serviceAccountName":"sa","terminationGracePeriodSeconds":10,"containers":[{"name":"c","image":"nginx","securityContext":{"privileged":true,"capabilities":{"add":["NET_ADMIN"],"drop":["ALL"]}},"lifecycle":{"preStop":{"exec":{"command":["sleep","5"]}}}}]}}"#,
        "555d4c8dfd",
        "56b5b5f949",
    ),
    (
        "misc",
        true,
        r#"{"metadata":{"name":"n","namespace":"ns","labels":{"Z":"1","a":"2","_":"3","a.b/c":"4"},"annotations":{"kubectl.kubernetes.io/restartedAt":"2026-01-01T00:00:00Z"}},"spec":{"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule","labelSelector":{"matchLabels":{"app":"m"}}}],"dnsConfig":{"nameservers":["1.1.1.1"],"options":[{"name":"ndots","value":"2"}]},"hostAliases":[{"ip":"127.0.0.1","hostnames":["a"]}],"imagePullSecrets":[{"name":"reg"}],"automountServiceAccountToken":false,"shareProcessNamespace":true,"os":{"name":"linux"},"readinessGates":[{"conditionType":"x"}],"ephemeralContainers":[],"containers":[{"name":"c","image":"nginx@sha256:abc","imagePullPolicy":"IfNotPresent","workingDir":"/w","stdin":true,"tty":true,"envFrom":[{"configMapRef":{"name":"cm","optional":true},"prefix":"P_"}],"resizePolicy":[{"resourceName":"cpu","restartPolicy":"NotRequired"}],"readinessProbe":{"grpc":{"port":9090},"periodSeconds":3},"lifecycle":{"postStart":{"httpGet":{"path":"/","port":"web","httpHeaders":[{"name":"H","value":"v"}]}},"preStop":{"sleep":{"seconds":3}}}},{"name":"d","image":"busybox:latest"}]}}"#,
        "5957bdccb8",
        "8cb9bb75",
    ),
];

#[test]
fn hashes_match_upstream_compute_hash() {
    for (name, defaults, json, hash, hash_cc3) in CASES {
        let mut template: PodTemplateSpec = serde_json::from_str(json).unwrap();
        if *defaults {
            dsplay_model::defaults::default_pod_spec(template.spec.get_or_insert_with(Default::default));
        }
        assert_eq!(compute_hash(&template, None), *hash, "{name}");
        assert_eq!(compute_hash(&template, Some(3)), *hash_cc3, "{name} with collision count 3");
    }
}
