//! Go's name for the type a value is decoded into, as `UnmarshalTypeError` prints it
//! (`reflect.Type.String()`: `int32`, `[]v1.Container`, `map[string]string`, `v1.PodSpec`).
//!
//! serde does not name types, but a type's `Deserialize` asks for what it wants:
//! [`probe`] hands it a deserializer that answers the first request with the Go name of
//! what was requested, which finds a list's or a map's element type without decoding
//! anything (and without instantiating the element's decoding code). Named string and
//! map types (`v1.RestartPolicy`, `v1.ResourceList`) look like plain strings and maps to
//! serde, so the fields that have one are listed in [`named_field_type`].

use std::fmt;

use serde::de::{self, DeserializeSeed, Visitor};

/// The Go type `seed` decodes into.
pub(super) fn probe<'de, S: DeserializeSeed<'de>>(seed: S) -> String {
    match seed.deserialize(TypeProbe) {
        Err(Probed(name)) => name,
        Ok(_) => EMPTY_INTERFACE.to_owned(),
    }
}

/// A struct of the API: core/v1, apps/v1 and meta/v1 types all print as `v1.<Name>`.
pub(super) fn struct_type(name: &str) -> String {
    format!("v1.{name}")
}

/// Whether a visitor is k8s-openapi's IntOrString, the one type of these kinds that asks
/// for any value.
pub(super) fn expects_int_or_string(expected: &dyn de::Expected) -> bool {
    expected.to_string() == "IntOrString"
}

/// The Go type of a struct's field when it is a named type that serde sees as a plain
/// string, list or map: the fields of a DaemonSet, a Pod or a Node where one is likely.
pub(super) fn named_field_type(owner: &str, field: &str) -> Option<&'static str> {
    NAMED_FIELD_TYPES.iter().find(|(o, f, _)| *o == owner && *f == field).map(|(_, _, go_type)| *go_type)
}

const NAMED_FIELD_TYPES: &[(&str, &str, &str)] = &[
    ("DaemonSetUpdateStrategy", "type", "v1.DaemonSetUpdateStrategyType"),
    ("PodSpec", "restartPolicy", "v1.RestartPolicy"),
    ("PodSpec", "dnsPolicy", "v1.DNSPolicy"),
    ("PodSpec", "preemptionPolicy", "v1.PreemptionPolicy"),
    ("PodSpec", "overhead", "v1.ResourceList"),
    ("Container", "imagePullPolicy", "v1.PullPolicy"),
    ("Container", "terminationMessagePolicy", "v1.TerminationMessagePolicy"),
    ("Container", "restartPolicy", "v1.ContainerRestartPolicy"),
    ("ContainerPort", "protocol", "v1.Protocol"),
    ("ResourceRequirements", "limits", "v1.ResourceList"),
    ("ResourceRequirements", "requests", "v1.ResourceList"),
    ("VolumeMount", "mountPropagation", "v1.MountPropagationMode"),
    ("VolumeMount", "recursiveReadOnly", "v1.RecursiveReadOnlyMode"),
    ("HostPathVolumeSource", "type", "v1.HostPathType"),
    ("EmptyDirVolumeSource", "medium", "v1.StorageMedium"),
    ("HTTPGetAction", "scheme", "v1.URIScheme"),
    ("Capabilities", "add", "[]v1.Capability"),
    ("Capabilities", "drop", "[]v1.Capability"),
    ("Toleration", "operator", "v1.TolerationOperator"),
    ("Toleration", "effect", "v1.TaintEffect"),
    ("Taint", "effect", "v1.TaintEffect"),
    ("NodeSelectorRequirement", "operator", "v1.NodeSelectorOperator"),
    ("LabelSelectorRequirement", "operator", "v1.LabelSelectorOperator"),
    ("TopologySpreadConstraint", "whenUnsatisfiable", "v1.UnsatisfiableConstraintAction"),
    ("NodeStatus", "capacity", "v1.ResourceList"),
    ("NodeStatus", "allocatable", "v1.ResourceList"),
    ("NodeStatus", "phase", "v1.NodePhase"),
    ("NodeCondition", "type", "v1.NodeConditionType"),
    ("NodeCondition", "status", "v1.ConditionStatus"),
    ("PodCondition", "type", "v1.PodConditionType"),
    ("PodCondition", "status", "v1.ConditionStatus"),
    ("PodStatus", "phase", "v1.PodPhase"),
    ("ObjectMeta", "uid", "types.UID"),
    ("OwnerReference", "uid", "types.UID"),
];

const EMPTY_INTERFACE: &str = "interface {}";

/// A deserializer whose every answer is the Go name of what it was asked for.
struct TypeProbe;

/// That answer, carried as the error that stops the asking type.
#[derive(Debug)]
struct Probed(String);

impl fmt::Display for Probed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Probed {}

impl de::Error for Probed {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Probed(EMPTY_INTERFACE.to_owned())
    }
}

fn answer<T>(go_type: &str) -> Result<T, Probed> {
    Err(Probed(go_type.to_owned()))
}

impl<'de> de::Deserializer<'de> for TypeProbe {
    type Error = Probed;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        answer(if expects_int_or_string(&visitor) { "intstr.IntOrString" } else { EMPTY_INTERFACE })
    }

    fn deserialize_bool<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("bool")
    }

    fn deserialize_i8<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("int8")
    }

    fn deserialize_i16<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("int16")
    }

    fn deserialize_i32<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("int32")
    }

    fn deserialize_i64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("int64")
    }

    fn deserialize_u8<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("uint8")
    }

    fn deserialize_u16<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("uint16")
    }

    fn deserialize_u32<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("uint32")
    }

    fn deserialize_u64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("uint64")
    }

    fn deserialize_f32<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("float32")
    }

    fn deserialize_f64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("float64")
    }

    fn deserialize_str<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("string")
    }

    fn deserialize_string<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("string")
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("[]uint8")
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probed> {
        answer("[]uint8")
    }

    /// A pointer's errors name what it points to (the decoder has followed it by then).
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, _: V) -> Result<V::Value, Probed> {
        match name {
            "Quantity" => answer("resource.Quantity"),
            "RawExtension" => answer("runtime.RawExtension"),
            other => answer(&struct_type(other)),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_seq(ProbeElements)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_map(ProbeEntries)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Probed> {
        answer(&struct_type(name))
    }

    serde::forward_to_deserialize_any! {
        i128 u128 char unit unit_struct tuple tuple_struct enum identifier ignored_any
    }
}

/// A list's answer: `[]` and its element's.
struct ProbeElements;

impl<'de> de::SeqAccess<'de> for ProbeElements {
    type Error = Probed;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Probed> {
        Err(Probed(format!("[]{}", probe(seed))))
    }
}

/// A map's answer: `map[key]value`.
struct ProbeEntries;

impl<'de> de::MapAccess<'de> for ProbeEntries {
    type Error = Probed;

    fn next_entry_seed<K: DeserializeSeed<'de>, V: DeserializeSeed<'de>>(
        &mut self,
        key: K,
        value: V,
    ) -> Result<Option<(K::Value, V::Value)>, Probed> {
        Err(Probed(format!("map[{}]{}", probe(key), probe(value))))
    }

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, key: K) -> Result<Option<K::Value>, Probed> {
        Err(Probed(format!("map[{}]{EMPTY_INTERFACE}", probe(key))))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, _: V) -> Result<V::Value, Probed> {
        answer(EMPTY_INTERFACE)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::marker::PhantomData;

    use k8s_openapi::api::core::v1::{Container, PodSpec};
    use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
    use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

    use super::*;

    fn go_type<T: de::DeserializeOwned>() -> String {
        probe(PhantomData::<T>)
    }

    #[test]
    fn types_are_named_as_go_prints_them() {
        assert_eq!(go_type::<i32>(), "int32");
        assert_eq!(go_type::<Option<i64>>(), "int64");
        assert_eq!(go_type::<String>(), "string");
        assert_eq!(go_type::<Vec<Container>>(), "[]v1.Container");
        assert_eq!(go_type::<Vec<String>>(), "[]string");
        assert_eq!(go_type::<BTreeMap<String, String>>(), "map[string]string");
        assert_eq!(go_type::<BTreeMap<String, Quantity>>(), "map[string]resource.Quantity");
        assert_eq!(go_type::<PodSpec>(), "v1.PodSpec");
        assert_eq!(go_type::<IntOrString>(), "intstr.IntOrString");
    }
}
