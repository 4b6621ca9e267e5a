//! A variable manager that remembers what every variable means.
//!
//! Invariant: variable `i` exists iff `i < roles.len()`, and `roles[i]` says who made it.
//! Encodings from rustsat call [`ManageVars::new_var`]; their variables get the role set by
//! [`VarMap::owner`] beforehand.

use crate::board::{Coord, Family};
use rustsat::instances::ManageVars;
use rustsat::types::Var;
use std::fmt;

/// What a variable stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarRole {
    /// True iff a queen stands on the cell.
    Queen(Coord),
    /// True iff the cell is a wall (models where walls are unknowns).
    Wall(Coord),
    /// True iff the segment with this index in its family holds a queen.
    Occupied(Family, usize),
    /// An auxiliary variable of a named encoding.
    Aux(&'static str),
}

impl fmt::Display for VarRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VarRole::Queen((r, c)) => write!(f, "queen {r},{c}"),
            VarRole::Wall((r, c)) => write!(f, "wall {r},{c}"),
            VarRole::Occupied(fam, i) => write!(f, "occupied {fam:?} segment {i}"),
            VarRole::Aux(owner) => write!(f, "aux {owner}"),
        }
    }
}

/// The variable manager of one model.
#[derive(Clone, Debug, Default)]
pub struct VarMap {
    roles: Vec<VarRole>,
    owner: &'static str,
}

impl VarMap {
    pub fn new() -> VarMap {
        VarMap {
            roles: Vec::new(),
            owner: "unnamed",
        }
    }
    /// A fresh variable with a role.
    pub fn named(&mut self, role: VarRole) -> Var {
        self.roles.push(role);
        Var::new(self.roles.len() as u32 - 1)
    }
    /// Sets the owner recorded for variables created through [`ManageVars`] from now on.
    pub fn owner(&mut self, owner: &'static str) {
        self.owner = owner;
    }
    pub fn role(&self, var: Var) -> Option<&VarRole> {
        self.roles.get(var.idx())
    }
    pub fn len(&self) -> usize {
        self.roles.len()
    }
    pub fn is_empty(&self) -> bool {
        self.roles.is_empty()
    }
    /// `(variable, role)` for all variables, in order.
    pub fn iter(&self) -> impl Iterator<Item = (Var, &VarRole)> {
        self.roles
            .iter()
            .enumerate()
            .map(|(i, r)| (Var::new(i as u32), r))
    }
}

impl ManageVars for VarMap {
    fn new_var(&mut self) -> Var {
        self.named(VarRole::Aux(self.owner))
    }
    fn max_var(&self) -> Option<Var> {
        if self.roles.is_empty() {
            None
        } else {
            Some(Var::new(self.roles.len() as u32 - 1))
        }
    }
    fn increase_next_free(&mut self, v: Var) -> bool {
        let mut grew = false;
        while self.roles.len() < v.idx() {
            self.roles.push(VarRole::Aux(self.owner));
            grew = true;
        }
        grew
    }
    fn combine(&mut self, other: Self) {
        if other.roles.len() > self.roles.len() {
            self.roles.extend_from_slice(&other.roles[self.roles.len()..]);
        }
    }
    fn n_used(&self) -> u32 {
        self.roles.len() as u32
    }
    fn forget_from(&mut self, min_var: Var) {
        self.roles.truncate(min_var.idx());
    }
}
