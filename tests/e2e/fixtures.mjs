// What several browser tests share: share links as the playground writes them, and a
// scenario of one DaemonSet over the given node pools and steps.
import { deflateRawSync } from "node:zlib";

/** A link fragment's scenario part: raw deflate, base64url, no padding. */
export const encode = (text) => `v1=${deflateRawSync(Buffer.from(text, "utf8"), { level: 9 }).toString("base64url")}`;

/** `pools` and `steps` are YAML list items indented for `spec`; `templateExtra` goes into
 * the pod spec before `containers`. */
export const scenario = (pools, steps, templateExtra = "") => `apiVersion: dsplay/v1
kind: Scenario
metadata:
  name: panels
spec:
  nodePools:
${pools}
  steps:
${steps}
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: default
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
${templateExtra}      containers:
      - name: agent
        image: busybox:1.36
`;
