//! Required node affinity and nodeSelector matching (component-helpers nodeaffinity).
