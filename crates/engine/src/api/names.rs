//! Generated names and UIDs from a seeded generator, so that a scenario always
//! produces the same pod names (`agent-7xk2p`).

/// The alphabet of apimachinery's `rand.String`: no vowels, no confusable digits.
const ALPHANUMS: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";

/// SplitMix64: tiny, well distributed, and identical on every platform.
#[derive(Clone, Debug)]
pub struct NameGenerator {
    state: u64,
}

impl NameGenerator {
    /// Seeds from text (the scenario name), with FNV-1a so the seed is stable.
    pub fn from_seed_text(seed: &str) -> Self {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in seed.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        NameGenerator { state: hash }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The five characters the API server appends to a `generateName`.
    pub fn suffix(&mut self) -> String {
        (0..5).map(|_| ALPHANUMS[(self.next_u64() % ALPHANUMS.len() as u64) as usize] as char).collect()
    }

    /// Five characters drawn for `text` alone, apart from the scenario's sequence: a
    /// draw that does not shift the names generated after it.
    pub fn suffix_for(text: &str) -> String {
        NameGenerator::from_seed_text(text).suffix()
    }

    /// A UUID-shaped UID (version 4 layout).
    pub fn uid(&mut self) -> String {
        let (a, b) = (self.next_u64(), self.next_u64());
        format!(
            "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
            a >> 32,
            (a >> 16) & 0xffff,
            a & 0x0fff,
            (b >> 48) & 0x3fff | 0x8000,
            b & 0xffff_ffff_ffff
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_names() {
        let mut a = NameGenerator::from_seed_text("demo");
        let mut b = NameGenerator::from_seed_text("demo");
        assert_eq!(a.suffix(), b.suffix());
        assert_eq!(a.uid(), b.uid());
        let name = a.suffix();
        assert_eq!(name.len(), 5);
        assert!(name.bytes().all(|c| ALPHANUMS.contains(&c)));
    }
}
