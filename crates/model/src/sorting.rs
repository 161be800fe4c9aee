//! Stable sorting compiled once. The standard library's sort is generic over both the
//! element and the comparison, so every call site compiles its own copy of it (a few
//! kilobytes of wasm each). In the browser build every sort goes through one copy: it
//! sorts positions with a `dyn` comparison, then moves the elements into that order.
//! Natively the standard sort is called directly. A stable sort has one result, so both
//! give the same order.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`, as `slice::sort_by`.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    #[cfg(target_arch = "wasm32")]
    {
        let mut order: Vec<usize> = (0..items.len()).collect();
        sort_positions(&mut order, &|a, b| compare(&items[a], &items[b]));
        put_in_order(items, order);
    }
    #[cfg(not(target_arch = "wasm32"))]
    items.sort_by(compare);
}

/// Sorts `items` stably by `key`, as `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` stably, as `slice::sort`.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The one instantiation of the standard sort.
#[cfg(any(target_arch = "wasm32", test))]
#[inline(never)]
fn sort_positions(order: &mut [usize], compare: &dyn Fn(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Moves `items` so that position `i` holds what was at `order[i]`, following each
/// cycle of the permutation with swaps.
#[cfg(any(target_arch = "wasm32", test))]
fn put_in_order<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        let mut current = start;
        while order[current] != current {
            let next = order[current];
            order[current] = current;
            if next == start {
                break;
            }
            items.swap(current, next);
            current = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The browser build's way, run natively.
    fn sort_by_positions<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
        let mut order: Vec<usize> = (0..items.len()).collect();
        sort_positions(&mut order, &|a, b| compare(&items[a], &items[b]));
        put_in_order(items, order);
    }

    #[test]
    fn sorting_positions_gives_the_standard_stable_order() {
        // Pairs sorted by their first half only: equal keys keep their order.
        let mut seed = 7u64;
        for len in [0, 1, 2, 3, 10, 57, 300] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|index| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, index)
                })
                .collect();
            let (mut standard, mut ours) = (items.clone(), items);
            standard.sort_by(|a, b| a.0.cmp(&b.0));
            sort_by_positions(&mut ours, |a, b| a.0.cmp(&b.0));
            assert_eq!(ours, standard, "{len} items");
        }
    }

    #[test]
    fn by_key_and_plain() {
        let mut words = vec!["pear", "fig", "apple", "kiwi"];
        sort_by_key(&mut words, |word| word.len());
        assert_eq!(words, ["fig", "pear", "kiwi", "apple"]);
        sort(&mut words);
        assert_eq!(words, ["apple", "fig", "kiwi", "pear"]);
    }
}
