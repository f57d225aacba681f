//! The register permutation behind `lane-transpose`, written once over an
//! abstract [`LaneArith`] so that the same program both generates the IR
//! and runs, lane by lane, in the unit tests.
//!
//! A subgroup of `S` lanes (a power of two) holds `S` records of `k` words,
//! lane `l` the words `l*k .. l*k + k` of the subgroup's block. Coalesced,
//! lane `l` stores the words `l, S + l, 2S + l, ...` instead. Getting each
//! word to the lane that stores it takes, with `c = gcd(k, S)` and
//! `b = S / c`:
//!
//! 1. a rotation of each lane's registers by `l / b` (nothing when `k` is
//!    odd, since then `c = 1`), after which the words of any one register
//!    go to `S` different lanes;
//! 2. one shuffle per register, lane `l` pulling from the lane whose word
//!    it stores; finding that lane takes the inverse of `k / c` modulo `b`,
//!    which for a power-of-two `b` is the inverse modulo 2^32;
//! 3. a per-lane choice of register for each round of stores.
//!
//! Loads run the same steps backwards. Registers are chosen with trees of
//! selects rather than by indexing a local array, which drivers may put in
//! scratch memory.

use std::collections::HashMap;

use naga::{BinaryOperator, Expression, Handle, MathFunction, Type};

use crate::ir::BlockBuilder;

/// The integer operations the program needs, on `u32` values held per lane.
pub(crate) trait LaneArith {
    type U: Copy;
    type B: Copy;

    fn constant(&mut self, value: u32) -> Self::U;
    fn add(&mut self, a: Self::U, b: Self::U) -> Self::U;
    fn sub(&mut self, a: Self::U, b: Self::U) -> Self::U;
    fn mul(&mut self, a: Self::U, b: Self::U) -> Self::U;
    /// Division by a constant.
    fn div(&mut self, a: Self::U, divisor: u32) -> Self::U;
    /// Remainder by a constant.
    fn rem(&mut self, a: Self::U, divisor: u32) -> Self::U;
    fn and(&mut self, a: Self::U, b: Self::U) -> Self::U;
    fn or(&mut self, a: Self::U, b: Self::U) -> Self::U;
    fn shl(&mut self, a: Self::U, b: Self::U) -> Self::U;
    fn shr(&mut self, a: Self::U, b: Self::U) -> Self::U;
    fn min(&mut self, a: Self::U, b: Self::U) -> Self::U;
    fn count_trailing_zeros(&mut self, a: Self::U) -> Self::U;
    /// Whether bit `bit` of `a` is set.
    fn bit(&mut self, a: Self::U, bit: u32) -> Self::B;
    fn select(&mut self, condition: Self::B, accept: Self::U, reject: Self::U) -> Self::U;
    /// Every lane receives `value` of lane `source`.
    fn shuffle(&mut self, value: Self::U, source: Self::U) -> Self::U;
}

/// The per-lane quantities both directions share.
struct Geometry<U> {
    lane: U,
    size: U,
    size_mask: U,
    size_shift: U,
    /// `log2(b)`, `b = S / gcd(k, S)`.
    b_shift: U,
    b_mask: U,
    c_mask: U,
    c_shift: U,
    /// This lane's rotation, `lane / b`.
    rotation: U,
}

fn geometry<A: LaneArith>(a: &mut A, k: u32, lane: A::U, size: A::U) -> Geometry<A::U> {
    let one = a.constant(1);
    let size_shift = a.count_trailing_zeros(size);
    let size_mask = a.sub(size, one);
    // gcd(k, S) for a power-of-two S: the power of two in k, at most S.
    let k_twos = a.constant(1 << k.trailing_zeros());
    let c = if k % 2 == 1 {
        k_twos
    } else {
        a.min(k_twos, size)
    };
    let c_shift = a.count_trailing_zeros(c);
    let c_mask = a.sub(c, one);
    let b_shift = a.sub(size_shift, c_shift);
    let b = a.shl(one, b_shift);
    let b_mask = a.sub(b, one);
    let rotation = if k % 2 == 1 {
        a.constant(0)
    } else {
        a.shr(lane, b_shift)
    };
    Geometry {
        lane,
        size,
        size_mask,
        size_shift,
        b_shift,
        b_mask,
        c_mask,
        c_shift,
        rotation,
    }
}

/// `values[index]`, `index < values.len()`, by a tree of selects on the
/// bits of `index`.
fn pick<A: LaneArith>(a: &mut A, index: A::U, values: &[A::U]) -> A::U {
    let mut level: Vec<A::U> = values.to_vec();
    let mut bit = 0;
    while level.len() > 1 {
        let taken = a.bit(index, bit);
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        for pair in level.chunks(2) {
            next.push(match *pair {
                [even, odd] => a.select(taken, odd, even),
                [single] => single,
                _ => unreachable!(),
            });
        }
        level = next;
        bit += 1;
    }
    level[0]
}

/// `(value + k - amount) % k` for `amount <= k`.
fn back_by<A: LaneArith>(a: &mut A, k: u32, value: A::U, amount: A::U) -> A::U {
    let k_c = a.constant(k);
    let up = a.add(value, k_c);
    let down = a.sub(up, amount);
    a.rem(down, k)
}

/// Register `j` after the rotation holds component `(j + rotation) % k`.
fn rotated_component<A: LaneArith>(a: &mut A, k: u32, j: u32, rotation: A::U) -> A::U {
    let j_c = a.constant(j);
    let sum = a.add(j_c, rotation);
    a.rem(sum, k)
}

/// The inverse of the odd part of `k` modulo 2^32.
fn odd_part_inverse(k: u32) -> u32 {
    let odd = k >> k.trailing_zeros();
    // Newton's iteration doubles the correct low bits each step.
    let mut inverse = odd;
    for _ in 0..5 {
        inverse = inverse.wrapping_mul(2u32.wrapping_sub(odd.wrapping_mul(inverse)));
    }
    inverse
}

/// For register `j`: the lane this lane pulls from when storing, and the
/// round in which the word it receives is stored.
fn source<A: LaneArith>(a: &mut A, g: &Geometry<A::U>, k: u32, j: u32) -> (A::U, A::U) {
    // The source's rotation is fixed by the lane's residue modulo c.
    let j_c = a.constant(j);
    let q = if k % 2 == 1 {
        a.constant(0)
    } else {
        let k_c = a.constant(k);
        let up = a.add(g.lane, k_c);
        let down = a.sub(up, j_c);
        a.and(down, g.c_mask)
    };
    let component = rotated_component(a, k, j, q);
    // source * k = lane - component (mod S): solve for the low bits.
    let up = a.add(g.lane, g.size);
    let diff = a.sub(up, component);
    let wrapped = a.and(diff, g.size_mask);
    let d = a.shr(wrapped, g.c_shift);
    let inverse = a.constant(odd_part_inverse(k));
    let t_wide = a.mul(d, inverse);
    let t = a.and(t_wide, g.b_mask);
    let q_high = a.shl(q, g.b_shift);
    let source = a.or(q_high, t);
    let k_c = a.constant(k);
    let word = a.mul(source, k_c);
    let word = a.add(word, component);
    let round = a.shr(word, g.size_shift);
    (source, round)
}

/// The words lane `lane` stores in rounds `0..k` (at `r * S + lane` of the
/// subgroup's block), given its record `values` (`k` words).
pub(crate) fn store_rounds<A: LaneArith>(
    a: &mut A,
    lane: A::U,
    size: A::U,
    values: &[A::U],
) -> Vec<A::U> {
    let k = values.len() as u32;
    let g = geometry(a, k, lane, size);
    let rotated: Vec<A::U> = if k % 2 == 1 {
        values.to_vec()
    } else {
        // The rotation is below gcd(k, S), so below the power of two in k:
        // fewer candidates than registers when k is not a power of two.
        let twos = 1 << k.trailing_zeros();
        (0..k)
            .map(|j| {
                let candidates: Vec<A::U> =
                    (0..twos).map(|t| values[((j + t) % k) as usize]).collect();
                pick(a, g.rotation, &candidates)
            })
            .collect()
    };
    let received: Vec<A::U> = (0..k)
        .map(|j| {
            let (from, _) = source(a, &g, k, j);
            a.shuffle(rotated[j as usize], from)
        })
        .collect();
    (0..k)
        .map(|r| {
            // Word r*S + lane belongs to record `e`, component `m`, which
            // record e's lane rotated into register (m - e / b) % k.
            let r_c = a.constant(r);
            let offset = a.mul(r_c, g.size);
            let word = a.add(offset, g.lane);
            let component = a.rem(word, k);
            let register = if k % 2 == 1 {
                component
            } else {
                let record = a.div(word, k);
                let record_rotation = a.shr(record, g.b_shift);
                back_by(a, k, component, record_rotation)
            };
            pick(a, register, &received)
        })
        .collect()
}

/// The record (`k` words) of lane `lane`, given the words it loaded in
/// rounds `0..k` (from `r * S + lane` of the subgroup's block).
pub(crate) fn load_record<A: LaneArith>(
    a: &mut A,
    lane: A::U,
    size: A::U,
    rounds: &[A::U],
) -> Vec<A::U> {
    let k = rounds.len() as u32;
    let g = geometry(a, k, lane, size);
    // Register j holds, as in a store, the word this lane would have
    // pulled from its source; it goes back to that source.
    let registers: Vec<A::U> = (0..k)
        .map(|j| {
            let (_, round) = source(a, &g, k, j);
            pick(a, round, rounds)
        })
        .collect();
    let returned: Vec<A::U> = (0..k)
        .map(|j| {
            // The lane that pulled this lane's rotated register j.
            let k_c = a.constant(k);
            let first = a.mul(g.lane, k_c);
            let component = rotated_component(a, k, j, g.rotation);
            let word = a.add(first, component);
            let to = a.and(word, g.size_mask);
            a.shuffle(registers[j as usize], to)
        })
        .collect();
    if k % 2 == 1 {
        return returned;
    }
    let twos = 1 << k.trailing_zeros();
    (0..k)
        .map(|component| {
            let candidates: Vec<A::U> = (0..twos)
                .map(|t| returned[((component + k - t) % k) as usize])
                .collect();
            pick(a, g.rotation, &candidates)
        })
        .collect()
}

/// The program as naga IR, folding arithmetic on constants so that the
/// output keeps only what depends on the lane or the subgroup size.
pub(crate) struct IrArith<'a, 'b> {
    b: &'a mut BlockBuilder<'b>,
    u32_ty: Handle<Type>,
    constants: HashMap<Handle<Expression>, u32>,
    conditions: HashMap<Handle<Expression>, bool>,
}

impl<'a, 'b> IrArith<'a, 'b> {
    pub fn new(b: &'a mut BlockBuilder<'b>, u32_ty: Handle<Type>) -> Self {
        IrArith {
            b,
            u32_ty,
            constants: HashMap::new(),
            conditions: HashMap::new(),
        }
    }

    fn fold(
        &mut self,
        op: BinaryOperator,
        a: Handle<Expression>,
        b: Handle<Expression>,
        f: impl Fn(u32, u32) -> u32,
    ) -> Handle<Expression> {
        match (self.constants.get(&a), self.constants.get(&b)) {
            (Some(&x), Some(&y)) => self.constant(f(x, y)),
            _ => self.b.binary(op, a, b),
        }
    }
}

impl LaneArith for IrArith<'_, '_> {
    type U = Handle<Expression>;
    type B = Handle<Expression>;

    fn constant(&mut self, value: u32) -> Handle<Expression> {
        let h = self.b.u32(value);
        self.constants.insert(h, value);
        h
    }
    fn add(&mut self, a: Self::U, b: Self::U) -> Self::U {
        match (self.constants.get(&a), self.constants.get(&b)) {
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ => self.fold(BinaryOperator::Add, a, b, u32::wrapping_add),
        }
    }
    fn sub(&mut self, a: Self::U, b: Self::U) -> Self::U {
        match self.constants.get(&b) {
            Some(0) => a,
            _ => self.fold(BinaryOperator::Subtract, a, b, u32::wrapping_sub),
        }
    }
    fn mul(&mut self, a: Self::U, b: Self::U) -> Self::U {
        match (self.constants.get(&a), self.constants.get(&b)) {
            (Some(1), _) => b,
            (_, Some(1)) => a,
            (Some(0), _) | (_, Some(0)) => self.constant(0),
            _ => self.fold(BinaryOperator::Multiply, a, b, u32::wrapping_mul),
        }
    }
    fn div(&mut self, a: Self::U, divisor: u32) -> Self::U {
        let d = self.constant(divisor);
        if divisor == 1 {
            return a;
        }
        self.fold(BinaryOperator::Divide, a, d, |x, y| x / y)
    }
    fn rem(&mut self, a: Self::U, divisor: u32) -> Self::U {
        if divisor.is_power_of_two() {
            let mask = self.constant(divisor - 1);
            return self.and(a, mask);
        }
        let d = self.constant(divisor);
        self.fold(BinaryOperator::Modulo, a, d, |x, y| x % y)
    }
    fn and(&mut self, a: Self::U, b: Self::U) -> Self::U {
        self.fold(BinaryOperator::And, a, b, |x, y| x & y)
    }
    fn or(&mut self, a: Self::U, b: Self::U) -> Self::U {
        match (self.constants.get(&a), self.constants.get(&b)) {
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ => self.fold(BinaryOperator::InclusiveOr, a, b, |x, y| x | y),
        }
    }
    fn shl(&mut self, a: Self::U, b: Self::U) -> Self::U {
        match (self.constants.get(&a), self.constants.get(&b)) {
            (Some(0), _) => a,
            (_, Some(0)) => a,
            _ => self.fold(BinaryOperator::ShiftLeft, a, b, |x, y| x << y),
        }
    }
    fn shr(&mut self, a: Self::U, b: Self::U) -> Self::U {
        match self.constants.get(&b) {
            Some(0) => a,
            _ => self.fold(BinaryOperator::ShiftRight, a, b, |x, y| x >> y),
        }
    }
    fn min(&mut self, a: Self::U, b: Self::U) -> Self::U {
        match (self.constants.get(&a), self.constants.get(&b)) {
            (Some(&x), Some(&y)) => self.constant(x.min(y)),
            _ => self.b.expr(Expression::Math {
                fun: MathFunction::Min,
                arg: a,
                arg1: Some(b),
                arg2: None,
                arg3: None,
            }),
        }
    }
    fn count_trailing_zeros(&mut self, a: Self::U) -> Self::U {
        match self.constants.get(&a) {
            Some(&x) => self.constant(x.trailing_zeros()),
            None => self.b.math(MathFunction::CountTrailingZeros, a),
        }
    }
    fn bit(&mut self, a: Self::U, bit: u32) -> Self::B {
        if let Some(&x) = self.constants.get(&a) {
            let set = (x >> bit) & 1 == 1;
            let h = self.b.expr(Expression::Literal(naga::Literal::Bool(set)));
            self.conditions.insert(h, set);
            return h;
        }
        let mask = self.constant(1 << bit);
        let masked = self.and(a, mask);
        let zero = self.b.u32(0);
        self.b.binary(BinaryOperator::NotEqual, masked, zero)
    }
    fn select(&mut self, condition: Self::B, accept: Self::U, reject: Self::U) -> Self::U {
        match self.conditions.get(&condition) {
            Some(true) => accept,
            Some(false) => reject,
            None => self.b.select(condition, accept, reject),
        }
    }
    fn shuffle(&mut self, value: Self::U, source: Self::U) -> Self::U {
        self.b.subgroup_shuffle(value, source, self.u32_ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Lanes = Vec<u32>;

    /// Every lane of a subgroup at once: a value is an index into
    /// `values`, which holds it for every lane.
    struct Simulated {
        size: usize,
        values: Vec<Lanes>,
    }

    impl Simulated {
        fn push(&mut self, lanes: Lanes) -> usize {
            self.values.push(lanes);
            self.values.len() - 1
        }
        fn binary(&mut self, a: usize, b: usize, f: impl Fn(u32, u32) -> u32) -> usize {
            let lanes = (0..self.size)
                .map(|l| f(self.values[a][l], self.values[b][l]))
                .collect();
            self.push(lanes)
        }
        fn lanes(&mut self, f: impl Fn(usize) -> u32) -> usize {
            let lanes = (0..self.size).map(f).collect();
            self.push(lanes)
        }
    }

    impl LaneArith for Simulated {
        type U = usize;
        type B = usize;

        fn constant(&mut self, value: u32) -> usize {
            self.lanes(|_| value)
        }
        fn add(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, u32::wrapping_add)
        }
        fn sub(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, u32::wrapping_sub)
        }
        fn mul(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, u32::wrapping_mul)
        }
        fn div(&mut self, a: usize, divisor: u32) -> usize {
            let v = self.values[a].clone();
            self.lanes(|l| v[l] / divisor)
        }
        fn rem(&mut self, a: usize, divisor: u32) -> usize {
            let v = self.values[a].clone();
            self.lanes(|l| v[l] % divisor)
        }
        fn and(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, |x, y| x & y)
        }
        fn or(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, |x, y| x | y)
        }
        fn shl(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, |x, y| x << y)
        }
        fn shr(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, |x, y| x >> y)
        }
        fn min(&mut self, a: usize, b: usize) -> usize {
            self.binary(a, b, u32::min)
        }
        fn count_trailing_zeros(&mut self, a: usize) -> usize {
            let v = self.values[a].clone();
            self.lanes(|l| v[l].trailing_zeros())
        }
        fn bit(&mut self, a: usize, bit: u32) -> usize {
            let v = self.values[a].clone();
            self.lanes(|l| (v[l] >> bit) & 1)
        }
        fn select(&mut self, condition: usize, accept: usize, reject: usize) -> usize {
            let (c, a, r) = (
                self.values[condition].clone(),
                self.values[accept].clone(),
                self.values[reject].clone(),
            );
            self.lanes(|l| if c[l] != 0 { a[l] } else { r[l] })
        }
        fn shuffle(&mut self, value: usize, source: usize) -> usize {
            let (v, s) = (self.values[value].clone(), self.values[source].clone());
            self.lanes(|l| v[s[l] as usize])
        }
    }

    const SIZES: [usize; 6] = [4, 8, 16, 32, 64, 128];

    fn simulated(size: usize) -> Simulated {
        Simulated {
            size,
            values: Vec::new(),
        }
    }

    #[test]
    fn stores_every_word_where_its_round_and_lane_put_it() {
        for size in SIZES {
            for k in 2..=16u32 {
                let mut a = simulated(size);
                let lane = a.lanes(|l| l as u32);
                let s = a.constant(size as u32);
                let values: Vec<usize> = (0..k).map(|c| a.lanes(|l| l as u32 * k + c)).collect();
                let rounds = store_rounds(&mut a, lane, s, &values);
                for (r, &round) in rounds.iter().enumerate() {
                    let expected: Lanes = (0..size as u32)
                        .map(|l| r as u32 * size as u32 + l)
                        .collect();
                    assert_eq!(a.values[round], expected, "S = {size}, k = {k}, round {r}");
                }
            }
        }
    }

    #[test]
    fn loads_give_every_lane_its_record() {
        for size in SIZES {
            for k in 2..=16u32 {
                let mut a = simulated(size);
                let lane = a.lanes(|l| l as u32);
                let s = a.constant(size as u32);
                let rounds: Vec<usize> = (0..k)
                    .map(|r| a.lanes(|l| r * size as u32 + l as u32))
                    .collect();
                let record = load_record(&mut a, lane, s, &rounds);
                for (c, &component) in record.iter().enumerate() {
                    let expected: Lanes = (0..size as u32).map(|l| l * k + c as u32).collect();
                    assert_eq!(
                        a.values[component], expected,
                        "S = {size}, k = {k}, component {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn odd_part_inverse_inverts() {
        for k in 1..=64u32 {
            let odd = k >> k.trailing_zeros();
            assert_eq!(odd.wrapping_mul(odd_part_inverse(k)), 1, "k = {k}");
        }
    }
}
