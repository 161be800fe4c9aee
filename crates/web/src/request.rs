//! Console lines whose sender waits for the answer: the line carries an id, and the
//! answer names it, so a component finds its own answer among everyone's.

/// Names a console line whose sender waits for its answer ([`Action::Request`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RequestId(u64);

impl RequestId {
    /// An id unlike any other this page made.
    pub fn fresh() -> Self {
        thread_local! {
            static NEXT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        }
        RequestId(NEXT.with(|next| next.replace(next.get() + 1)))
    }
}

/// The answer to an [`Action::Request`]: the request's id, and where its outcome
/// stands in the session's console.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    pub id: RequestId,
    pub entry: usize,
}
