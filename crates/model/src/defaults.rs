//! Defaulting as the API server does it (SetDefaults_DaemonSet, pod spec defaults).
