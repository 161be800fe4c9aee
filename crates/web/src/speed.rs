//! How fast the timeline plays.

/// Playback speeds, as multiples of one frame per [`Speed::BASE_MS`]: 0.25× to 100×.
/// Beyond 20× a tick moves several frames, since a browser paints no faster: a
/// rollout over 1,000 nodes (8,000 frames) plays in about a minute at 100×.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    Quarter,
    Half,
    #[default]
    Normal,
    Double,
    Quadruple,
    Ten,
    Twenty,
    Fifty,
    Hundred,
}

impl Speed {
    pub const ALL: [Speed; 9] = [
        Speed::Quarter,
        Speed::Half,
        Speed::Normal,
        Speed::Double,
        Speed::Quadruple,
        Speed::Ten,
        Speed::Twenty,
        Speed::Fifty,
        Speed::Hundred,
    ];
    const BASE_MS: u32 = 700;

    pub fn label(self) -> &'static str {
        match self {
            Speed::Quarter => "0.25×",
            Speed::Half => "0.5×",
            Speed::Normal => "1×",
            Speed::Double => "2×",
            Speed::Quadruple => "4×",
            Speed::Ten => "10×",
            Speed::Twenty => "20×",
            Speed::Fifty => "50×",
            Speed::Hundred => "100×",
        }
    }

    pub fn frame_interval_ms(self) -> u32 {
        match self {
            Speed::Quarter => Self::BASE_MS * 4,
            Speed::Half => Self::BASE_MS * 2,
            Speed::Normal => Self::BASE_MS,
            Speed::Double => Self::BASE_MS / 2,
            Speed::Quadruple => Self::BASE_MS / 4,
            Speed::Ten => Self::BASE_MS / 10,
            Speed::Twenty => Self::BASE_MS / 20,
            Speed::Fifty => Self::BASE_MS / 25,
            Speed::Hundred => Self::BASE_MS / 20,
        }
    }

    /// Frames one tick moves: one, but two at 50× and five at 100× (a tick every 28
    /// and 35 ms).
    pub fn frames_per_tick(self) -> usize {
        match self {
            Speed::Fifty => 2,
            Speed::Hundred => 5,
            _ => 1,
        }
    }
}
