//! Resource quantities (`100m`, `64Mi`, `1.5`) as exact integer milli-units.
