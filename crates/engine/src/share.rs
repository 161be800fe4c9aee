//! Share links: the scenario text, deflated and base64url-encoded behind a version prefix.
