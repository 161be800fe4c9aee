//! The text upstream's `DeepHashObject` (k8s.io/utils `dump.ForHash`: go-spew with
//! `%#v`, sorted map keys, methods disabled) prints for a `v1.PodTemplateSpec`, the input
//! of `controller.ComputeHash`.
//!
//! Go's printer walks the Go structs, so every field of the Go type is printed, set or not,
//! in declaration order, with its Go type name. `deep_hash_types.txt` holds that layout for
//! Kubernetes v1.36 (core/v1 and the apimachinery types it uses), one type a line, a line's
//! number being the type's index:
//! `{name;Field:idx;...}` a struct (a field's JSON name is its Go name with a lower-case
//! first letter unless written `Field=json`; `Field=` is an inlined field), `*idx` a
//! pointer, `[idx` a slice, `mK,V[,name]` a map, `s`/`i`/`u`/`b` + name a string, signed,
//! unsigned or bool kind, and `Q`, `T`, `O` for `resource.Quantity`, `v1.Time` and
//! `intstr.IntOrString`, whose unexported insides are written out here.
//!
//! The template is read as JSON, as the controller's informer would have decoded it from
//! the API server's protobuf: an empty list or map is nil, a quantity is the parse of its
//! canonical text (`Quantity.String()`), which decides whether the parse cached that text.

use std::fmt::Write;
use std::sync::OnceLock;

use dsplay_model::quantity::{parse_quantity, QuantityFormat};
use serde_json::Value;

const TABLE: &str = include_str!("deep_hash_types.txt");

enum Ty {
    Scalar(u8, &'static str),
    Ptr(usize),
    Slice(usize),
    Map(usize, usize, Option<&'static str>),
    Struct(&'static str, Vec<Field>),
    Quantity,
    Time,
    IntOrString,
}

struct Field {
    go: &'static str,
    /// `None` for an inlined field, which reads the enclosing JSON object.
    json: Option<String>,
    ty: usize,
}

struct Table {
    types: Vec<Ty>,
    /// Go's name of each type, as `reflect.Type.String()` gives it.
    names: Vec<String>,
}

fn types() -> &'static Table {
    static TYPES: OnceLock<Table> = OnceLock::new();
    TYPES.get_or_init(|| {
        let types: Vec<Ty> = TABLE.lines().map(parse_line).collect();
        let names = (0..types.len()).map(|i| type_name(&types, i)).collect();
        Table { types, names }
    })
}

fn table() -> &'static [Ty] {
    &types().types
}

fn name(ty: usize) -> &'static str {
    &types().names[ty]
}

fn index(s: &str) -> usize {
    s.parse().unwrap_or(0)
}

fn parse_line(line: &'static str) -> Ty {
    let (tag, rest) = line.split_at(1);
    match tag {
        "*" => Ty::Ptr(index(rest)),
        "[" => Ty::Slice(index(rest)),
        "m" => {
            let mut parts = rest.split(',');
            Ty::Map(index(parts.next().unwrap_or("")), index(parts.next().unwrap_or("")), parts.next())
        }
        "Q" => Ty::Quantity,
        "T" => Ty::Time,
        "O" => Ty::IntOrString,
        "{" => {
            let mut parts = rest.split(';');
            let name = parts.next().unwrap_or("");
            let fields = parts
                .map(|f| {
                    let (name, ty) = f.split_once(':').unwrap_or((f, "0"));
                    let (go, json) = match name.split_once('=') {
                        Some((go, "")) => (go, None),
                        Some((go, json)) => (go, Some(json.to_owned())),
                        None => {
                            let mut chars = name.chars();
                            let first = chars.next().map(|c| c.to_ascii_lowercase());
                            (name, Some(first.into_iter().chain(chars).collect()))
                        }
                    };
                    Field { go, json, ty: index(ty) }
                })
                .collect();
            Ty::Struct(name, fields)
        }
        _ => Ty::Scalar(tag.as_bytes()[0], rest),
    }
}

fn type_name(types: &[Ty], ty: usize) -> String {
    match &types[ty] {
        Ty::Scalar(_, name) | Ty::Struct(name, _) | Ty::Map(_, _, Some(name)) => (*name).to_owned(),
        Ty::Ptr(elem) => format!("*{}", type_name(types, *elem)),
        Ty::Slice(elem) => format!("[]{}", type_name(types, *elem)),
        Ty::Map(key, value, None) => format!("map[{}]{}", type_name(types, *key), type_name(types, *value)),
        Ty::Quantity => "resource.Quantity".to_owned(),
        Ty::Time => "v1.Time".to_owned(),
        Ty::IntOrString => "intstr.IntOrString".to_owned(),
    }
}

/// go-spew's `%#v` walk. `ignore_next_type` is spew's flag of the same meaning: set before
/// a slice element, map key or value, or a pointer's target, whose type is not printed.
struct Printer {
    out: String,
    ignore_next_type: bool,
}

/// A JSON value as Go decodes it: absent, `null` and (after protobuf) empty collections
/// are the zero value.
fn present(value: Option<&Value>) -> Option<&Value> {
    match value? {
        Value::Null => None,
        Value::Array(a) if a.is_empty() => None,
        Value::Object(m) if m.is_empty() => None,
        v => Some(v),
    }
}

impl Printer {
    fn value(&mut self, ty: usize, value: Option<&Value>) {
        if let Ty::Ptr(elem) = table()[ty] {
            return self.pointer(ty, elem, value);
        }
        if !self.ignore_next_type {
            self.out.push('(');
            self.out.push_str(name(ty));
            self.out.push(')');
        }
        self.ignore_next_type = false;
        match &table()[ty] {
            Ty::Scalar(kind, _) => self.scalar(*kind, value),
            Ty::Slice(elem) => match present(value) {
                Some(Value::Array(items)) => {
                    self.out.push('[');
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        self.ignore_next_type = true;
                        self.value(*elem, Some(item));
                    }
                    self.out.push(']');
                }
                _ => self.out.push_str("<nil>"),
            },
            Ty::Map(key, elem, _) => match present(value) {
                Some(Value::Object(map)) => {
                    let mut entries: Vec<_> = map.iter().collect();
                    entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
                    self.out.push_str("map[");
                    for (i, (k, v)) in entries.into_iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        self.ignore_next_type = true;
                        self.value(*key, Some(&Value::String(k.clone())));
                        self.out.push(':');
                        self.ignore_next_type = true;
                        self.value(*elem, Some(v));
                    }
                    self.out.push(']');
                }
                _ => self.out.push_str("<nil>"),
            },
            Ty::Struct(_, fields) => {
                let object = value.and_then(Value::as_object);
                self.out.push('{');
                for (i, field) in fields.iter().enumerate() {
                    if i > 0 {
                        self.out.push(' ');
                    }
                    self.out.push_str(field.go);
                    self.out.push(':');
                    let inner = match &field.json {
                        None => value,
                        Some(json) => object.and_then(|o| o.get(json)),
                    };
                    self.value(field.ty, inner);
                }
                self.out.push('}');
            }
            Ty::Quantity => self.quantity(value.and_then(Value::as_str)),
            Ty::Time => self.time(value.and_then(Value::as_str)),
            Ty::IntOrString => {
                let (kind, int, string) = match value {
                    Some(Value::String(s)) => (1, 0, s.as_str()),
                    Some(v) => (0, v.as_i64().unwrap_or(0), ""),
                    None => (0, 0, ""),
                };
                let _ = write!(self.out, "{{Type:(intstr.Type){kind} IntVal:(int32){int} StrVal:(string){string}}}");
            }
            Ty::Ptr(_) => {}
        }
    }

    fn scalar(&mut self, kind: u8, value: Option<&Value>) {
        match (kind, value) {
            (b's', Some(Value::String(s))) => self.out.push_str(s),
            (b's', _) => {}
            (b'b', v) => self.out.push_str(if v.and_then(Value::as_bool).unwrap_or(false) { "true" } else { "false" }),
            (_, Some(Value::Number(n))) => self.out.push_str(&n.to_string()),
            _ => self.out.push('0'),
        }
    }

    /// spew's `formatPtr` for one level of pointer.
    fn pointer(&mut self, ty: usize, elem: usize, value: Option<&Value>) {
        let value = value.filter(|v| !v.is_null());
        match value {
            None if self.ignore_next_type => self.out.push_str("<nil>"),
            None => {
                self.out.push('(');
                self.out.push_str(name(ty));
                self.out.push_str(")<nil>");
            }
            Some(v) => {
                if self.ignore_next_type {
                    self.out.push_str("<*>");
                } else {
                    self.out.push_str("(*");
                    self.out.push_str(name(elem));
                    self.out.push(')');
                }
                self.ignore_next_type = true;
                self.value(elem, Some(v));
            }
        }
    }

    fn quantity(&mut self, text: Option<&str>) {
        let go = text.and_then(|t| parse_quantity(t).ok()).map(|q| go_quantity(&canonical(q.nano_value(), q.format())));
        let go = go.unwrap_or(GoQuantity { value: 0, scale: 0, dec: None, cached: String::new(), format: "" });
        let _ = write!(
            self.out,
            "{{i:(resource.int64Amount){{value:(int64){} scale:(resource.Scale){}}} d:(resource.infDecAmount){{Dec:",
            go.value, go.scale
        );
        match &go.dec {
            None => self.out.push_str("(*inf.Dec)<nil>"),
            Some((neg, words, scale)) => {
                let words: Vec<String> = words.iter().map(u64::to_string).collect();
                let _ = write!(
                    self.out,
                    "(*inf.Dec){{unscaled:(big.Int){{neg:(bool){neg} abs:(big.nat)[{}]}} scale:(inf.Scale){scale}}}",
                    words.join(" ")
                );
            }
        }
        let _ = write!(self.out, "}} s:(string){} Format:(resource.Format){}}}", go.cached, go.format);
    }

    /// Only the zero time is written as Go holds it; a set time (never in a template the
    /// API server accepted from kubectl) prints as zero too.
    fn time(&mut self, _text: Option<&str>) {
        self.out.push_str("{Time:(time.Time){wall:(uint64)0 ext:(int64)0 loc:(*time.Location)<nil>}}");
    }
}

/// `resource.Quantity` as `ParseQuantity` leaves it.
struct GoQuantity {
    value: i64,
    scale: i32,
    /// `inf.Dec`: negative, magnitude as 64-bit little-endian words, scale.
    dec: Option<(bool, Vec<u64>, i32)>,
    cached: String,
    format: &'static str,
}

/// `Quantity.String()` of an amount held in nano units.
fn canonical(nanos: i128, format: QuantityFormat) -> String {
    const NANO: u128 = 1_000_000_000;
    if nanos == 0 {
        return "0".to_owned();
    }
    let sign = if nanos < 0 { "-" } else { "" };
    let abs = nanos.unsigned_abs();
    if format == QuantityFormat::BinarySI && abs >= 1024 * NANO && abs.is_multiple_of(NANO) {
        let mut whole = abs / NANO;
        let mut power = 0;
        while power < 6 && whole.is_multiple_of(1024) {
            whole /= 1024;
            power += 1;
        }
        return format!("{sign}{whole}{}", ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"][power]);
    }
    let (mut exp, mut mantissa) = (-9, abs);
    while exp < 18 && mantissa.is_multiple_of(1000) {
        mantissa /= 1000;
        exp += 3;
    }
    if format == QuantityFormat::DecimalExponent {
        return if exp == 0 { format!("{sign}{mantissa}") } else { format!("{sign}{mantissa}e{exp}") };
    }
    let suffix = match exp {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => "",
    };
    format!("{sign}{mantissa}{suffix}")
}

/// `ParseQuantity` of a canonical quantity text: the int64 fast path (caching the text
/// when it is already canonical by its rules) or the `inf.Dec` path.
fn go_quantity(text: &str) -> GoQuantity {
    if text == "0" {
        return GoQuantity { value: 0, scale: 0, dec: None, cached: text.to_owned(), format: "DecimalSI" };
    }
    let negative = text.starts_with('-');
    let body = text.trim_start_matches(['-', '+']);
    let digits_end = body.find(|c: char| !c.is_ascii_digit()).unwrap_or(body.len());
    let (num, suffix) = body.split_at(digits_end);
    let (binary, exponent, format) = match suffix {
        "Ki" | "Mi" | "Gi" | "Ti" | "Pi" | "Ei" => {
            let power = "KMGTPE".find(&suffix[..1]).unwrap_or(0) as i32 + 1;
            (true, 10 * power, "BinarySI")
        }
        s if s.len() > 1 && (s.starts_with('e') || s.starts_with('E')) => (false, s[1..].parse().unwrap_or(0), "DecimalExponent"),
        s => {
            let position = ["n", "u", "m", "", "k", "M", "G", "T", "P", "E"].iter().position(|x| *x == s);
            (false, position.map_or(0, |p| p as i32 * 3 - 9), "DecimalSI")
        }
    };
    let digits = num.len() as i32;
    let (scale, precision) = if binary { (0, 15 - digits - exponent * 3 / 10 - 1) } else { (exponent, 18 - digits) };
    if precision >= 0 && scale >= -9 {
        if let Ok(value) = num.parse::<i64>() {
            let factor = if binary { 1i64.checked_shl(exponent as u32) } else { Some(1) };
            if let Some(result) = factor.and_then(|f| value.checked_mul(f)) {
                let canonical = if binary {
                    exponent % 10 == 0 && value & 7 != 0
                } else {
                    scale % 3 == 0 && !num.ends_with("000") && !num.starts_with('0')
                };
                let value = if negative { -result } else { result };
                let cached = if canonical { text.to_owned() } else { String::new() };
                return GoQuantity { value, scale, dec: None, cached, format };
            }
        }
    }
    // inf.Dec: the digits, times 2^exponent for a binary suffix or at scale -exponent for
    // a decimal one, then rounded (here: rescaled, the text being exact) to scale 9.
    let mut words = vec![0u64];
    for d in num.bytes() {
        mul_add(&mut words, 10, u64::from(d - b'0'));
    }
    let mut dec_scale = 0;
    if binary {
        for _ in 0..exponent {
            mul_add(&mut words, 2, 0);
        }
    } else {
        dec_scale = -exponent;
    }
    while dec_scale < 9 {
        mul_add(&mut words, 10, 0);
        dec_scale += 1;
    }
    if binary && exceeds_int64(&words, dec_scale) {
        words = vec![i64::MAX as u64];
        dec_scale = 0;
    }
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    GoQuantity { value: 0, scale: 0, dec: Some((negative, words, dec_scale)), cached: String::new(), format }
}

fn mul_add(words: &mut Vec<u64>, by: u64, add: u64) {
    let mut carry = u128::from(add);
    for w in words.iter_mut() {
        let t = u128::from(*w) * u128::from(by) + carry;
        *w = t as u64;
        carry = t >> 64;
    }
    if carry > 0 {
        words.push(carry as u64);
    }
}

/// Whether words / 10^scale > 2^63-1 (BinarySI's cap).
fn exceeds_int64(words: &[u64], scale: i32) -> bool {
    let mut limit = vec![i64::MAX as u64];
    for _ in 0..scale {
        mul_add(&mut limit, 10, 0);
    }
    let len = |w: &[u64]| w.iter().rposition(|x| *x != 0).map_or(0, |p| p + 1);
    let (a, b) = (&words[..len(words)], &limit[..len(&limit)]);
    a.len() > b.len() || (a.len() == b.len() && a.iter().rev().cmp(b.iter().rev()) == std::cmp::Ordering::Greater)
}

/// The `%#v` text of a pod template given as its JSON.
pub fn deep_hash_text(template: &Value) -> String {
    let mut printer = Printer { out: String::with_capacity(16 * 1024), ignore_next_type: false };
    printer.value(0, Some(template));
    printer.out
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn quantity_parse_of_canonical_text() {
        // (canonical text, int64 value, scale, text cached): ParseQuantity's fast path.
        for (text, value, scale, cached) in [
            ("100m", 100, -3, true),
            ("8Gi", 8 << 30, 0, false),
            ("1Gi", 1 << 30, 0, true),
            ("1k", 1, 3, true),
            ("12E", 12, 18, true),
            ("5e-3", 5, -3, true),
        ] {
            let q = super::go_quantity(text);
            assert_eq!((q.value, q.scale, !q.cached.is_empty(), q.dec.is_none()), (value, scale, cached, true), "{text}");
        }
        // Beyond the fast path's precision: inf.Dec at scale 9.
        let q = super::go_quantity("1Pi");
        let unscaled = (1u128 << 50) * 1_000_000_000;
        assert_eq!(q.dec, Some((false, vec![unscaled as u64, (unscaled >> 64) as u64], 9)));
    }
}
