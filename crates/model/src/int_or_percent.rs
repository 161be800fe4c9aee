//! IntOrString budgets: `GetScaledValueFromIntOrPercent`.
