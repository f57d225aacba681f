//! Statement behaviours, after the WGSL specification: the ways control
//! may leave a statement. The analysis needs them to know which paths
//! reach the statement after an `if`, a loop or a `switch`, and which
//! statements are never reached at all.

use std::ops::{BitOr, BitOrAssign};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct Behaviours(u8);

impl Behaviours {
    pub const NONE: Behaviours = Behaviours(0);
    pub const NEXT: Behaviours = Behaviours(1);
    pub const BREAK: Behaviours = Behaviours(2);
    pub const CONTINUE: Behaviours = Behaviours(4);
    pub const RETURN: Behaviours = Behaviours(8);

    pub fn contains(self, other: Behaviours) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    pub fn without(self, other: Behaviours) -> Behaviours {
        Behaviours(self.0 & !other.0)
    }

    /// `self` followed by a statement with behaviours `next`.
    pub fn then(self, next: Behaviours) -> Behaviours {
        if self.contains(Behaviours::NEXT) {
            self.without(Behaviours::NEXT) | next
        } else {
            self
        }
    }

    /// What a construct that catches `break` (a loop or a `switch`) does
    /// with the behaviours of its body: a `break` continues after it.
    pub fn caught_breaks(self) -> Behaviours {
        if self.contains(Behaviours::BREAK) {
            self.without(Behaviours::BREAK) | Behaviours::NEXT
        } else {
            self
        }
    }

    /// Only falls through to the next statement.
    pub fn is_next_only(self) -> bool {
        self == Behaviours::NEXT
    }
}

impl BitOr for Behaviours {
    type Output = Behaviours;
    fn bitor(self, rhs: Behaviours) -> Behaviours {
        Behaviours(self.0 | rhs.0)
    }
}

impl BitOrAssign for Behaviours {
    fn bitor_assign(&mut self, rhs: Behaviours) {
        self.0 |= rhs.0
    }
}
