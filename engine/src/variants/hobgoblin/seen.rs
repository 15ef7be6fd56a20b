//! The HOB-150 identities one generation has seen: an open-addressing table of 64-bit keys
//! (already well mixed, so used as their own hash), each with the index of its action. Every
//! unit move asks it once, so it is on the hot path: no hashing, and one table per generation
//! that doubles as it fills.

/// Keys to list indices; the key 0 marks an empty slot (a real 0 is stored as 1).
#[derive(Default)]
pub struct SeenSet {
    keys: Vec<u64>,
    values: Vec<u32>,
    len: usize,
}

impl SeenSet {
    /// Slots to start with: a link step's moves are a few dozen (kept at most half full, so
    /// 63 fit without growing); doubling does the rest.
    const START: usize = 128;

    pub fn new() -> Self {
        SeenSet {
            keys: Vec::new(),
            values: Vec::new(),
            len: 0,
        }
    }

    /// Forgets every key, keeping the table's size.
    pub fn clear(&mut self) {
        self.keys.fill(0);
        self.len = 0;
    }

    fn slot_of(&self, key: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (key as usize) & mask;
        while self.keys[i] != 0 && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// The value stored for `key`.
    pub fn get(&self, key: u64) -> Option<u32> {
        if self.keys.is_empty() {
            return None;
        }
        let key = key.max(1);
        let i = self.slot_of(key);
        (self.keys[i] != 0).then(|| self.values[i])
    }

    /// Stores `key` with `value` unless present; whether it was new.
    pub fn insert(&mut self, key: u64, value: u32) -> bool {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let key = key.max(1);
        let i = self.slot_of(key);
        if self.keys[i] != 0 {
            return false;
        }
        self.keys[i] = key;
        self.values[i] = value;
        self.len += 1;
        true
    }

    fn grow(&mut self) {
        let size = (self.keys.len() * 2).max(Self::START);
        let old_keys = std::mem::replace(&mut self.keys, vec![0; size]);
        let old_values = std::mem::replace(&mut self.values, vec![0; size]);
        for (k, v) in old_keys.into_iter().zip(old_values) {
            if k != 0 {
                let i = self.slot_of(k);
                self.keys[i] = k;
                self.values[i] = v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SeenSet;

    #[test]
    fn keys_are_found_once_across_growth() {
        let mut s = SeenSet::new();
        for k in 0..5000u64 {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert!(s.insert(key, k as u32));
            assert!(!s.insert(key, 0));
        }
        for k in 0..5000u64 {
            assert_eq!(s.get(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Some(k as u32));
        }
        assert_eq!(s.get(12345), None);
    }
}
