//! Intermediate variables of a project (spec section 3, "Project monitor": an mvar has an id and a formula whose
//! calc type is sum, avg, min, max or a custom expression with `${n.m}` placeholders; only results coded 200 are
//! counted). A project page binds one as `{type: mvar, mvarId}` and shows its value like a signal's.
//!
//! Here: the calc types, the grammar of a custom formula (docs/mvars.md), and how a value is computed from the
//! signals' current readings. The viewer computes the same value from the live readings it already has
//! (web/src/runtime/formula.ts); both read the cases in `web/src/runtime/formulaCases.json`, so a formula is
//! accepted, refused and computed alike on both sides of the line.
//!
//! A placeholder `${n.m}` names signal `m` of equipment `n`. A reading "coded 200" is one of good quality: a
//! faulted, unread or absent signal is not counted by an aggregate and leaves a custom formula without a value.

use crate::rollup::Statistic;
use serde::Serialize;

/// How an intermediate variable is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Calc {
    Sum,
    Avg,
    Min,
    Max,
    /// A formula over placeholders.
    Custom,
}

impl Calc {
    /// Every calc type as the wire names it, in the designer's order.
    pub const NAMES: [&'static str; 5] = ["sum", "avg", "min", "max", "custom"];

    pub fn parse(name: &str) -> Option<Calc> {
        Some(match name {
            "sum" => Calc::Sum,
            "avg" => Calc::Avg,
            "min" => Calc::Min,
            "max" => Calc::Max,
            "custom" => Calc::Custom,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Calc::Sum => "sum",
            Calc::Avg => "avg",
            Calc::Min => "min",
            Calc::Max => "max",
            Calc::Custom => "custom",
        }
    }
}

/// The longest formula, in characters.
pub const FORMULA_CHARS: usize = 500;
/// The most placeholders one formula holds (each occurrence counts), and the most signals an aggregate takes.
pub const MVAR_SIGNALS: usize = 64;
/// The deepest nesting of parentheses and signs (the parser recurses: an attacker's `((((…` stops here).
pub const FORMULA_DEPTH: usize = 32;

/// What is wrong with a formula; the wire name is the case table's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FormulaFault {
    /// Nothing but spaces.
    Empty,
    /// The formula stops where a value or a closing parenthesis is still needed.
    UnexpectedEnd,
    /// A character that cannot stand here (an unknown one, a value after a value, a stray `)`).
    UnexpectedCharacter,
    /// A `$` that does not start a well-formed `${n.m}`.
    BadPlaceholder,
    /// A number with a point and no digit after it.
    BadNumber,
    /// A `(` never closed (the position is the `(`'s).
    UnclosedParenthesis,
    /// Longer than [`FORMULA_CHARS`].
    TooLong,
    /// More than [`MVAR_SIGNALS`] placeholders (the position is the first one too many).
    TooManyPlaceholders,
    /// Nested deeper than [`FORMULA_DEPTH`].
    TooDeep,
}

impl FormulaFault {
    /// What the fault is, in `lang` (the message says where).
    pub fn text(self, lang: crate::Lang) -> String {
        let zh = lang == crate::Lang::Zh;
        let text = match self {
            FormulaFault::Empty => {
                if zh {
                    "公式为空"
                } else {
                    "the formula is empty"
                }
            }
            FormulaFault::UnexpectedEnd => {
                if zh {
                    "公式不完整，缺少数值或右括号"
                } else {
                    "the formula ends where a value or a closing parenthesis is needed"
                }
            }
            FormulaFault::UnexpectedCharacter => {
                if zh {
                    "有不能出现的字符（只能用数字、${设备.信号}、+ - * / 和括号）"
                } else {
                    "a character that cannot stand there (use numbers, ${equipment.signal}, + - * / and parentheses)"
                }
            }
            FormulaFault::BadPlaceholder => {
                if zh {
                    "的变量应写作 ${设备编号.信号编号}"
                } else {
                    "a variable must be written ${equipmentId.signalId}"
                }
            }
            FormulaFault::BadNumber => {
                if zh {
                    "的数字有误"
                } else {
                    "a malformed number"
                }
            }
            FormulaFault::UnclosedParenthesis => {
                if zh {
                    "的左括号没有对应的右括号"
                } else {
                    "a parenthesis that is never closed"
                }
            }
            FormulaFault::TooLong => {
                if zh {
                    "起超出长度（最多 {n} 个字符）"
                } else {
                    "the formula is too long (at most {n} characters)"
                }
            }
            FormulaFault::TooManyPlaceholders => {
                if zh {
                    "起变量过多（最多 {n} 个）"
                } else {
                    "too many variables (at most {n})"
                }
            }
            FormulaFault::TooDeep => {
                if zh {
                    "起括号或负号嵌套过深（最多 {n} 层）"
                } else {
                    "parentheses or signs nested too deep (at most {n})"
                }
            }
        };
        let limit = match self {
            FormulaFault::TooLong => FORMULA_CHARS,
            FormulaFault::TooManyPlaceholders => MVAR_SIGNALS,
            _ => FORMULA_DEPTH,
        };
        text.replace("{n}", &limit.to_string())
    }
}

/// A refused formula: the fault and where it is, counted in characters from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FormulaError {
    pub at: usize,
    pub fault: FormulaFault,
}

/// A placeholder: signal `signal_id` of equipment `equipment_id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Placeholder {
    pub equipment_id: i64,
    pub signal_id: i64,
}

#[derive(Clone, Debug, PartialEq)]
enum Expr {
    Number(f64),
    /// The placeholder at this index of [`Formula::placeholders`].
    Signal(usize),
    Negate(Box<Expr>),
    Binary(char, Box<Expr>, Box<Expr>),
}

/// A parsed formula.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    expr: Expr,
    placeholders: Vec<Placeholder>,
}

impl Formula {
    /// Parses `text`: numbers, `${n.m}` placeholders, `+ - * /`, a leading minus and parentheses, spaces between.
    pub fn parse(text: &str) -> Result<Formula, FormulaError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > FORMULA_CHARS {
            return Err(FormulaError { at: FORMULA_CHARS + 1, fault: FormulaFault::TooLong });
        }
        let mut parser = Parser { chars, pos: 0, depth: 0, placeholders: Vec::new() };
        parser.skip_spaces();
        if parser.pos == parser.chars.len() {
            return Err(FormulaError { at: 1, fault: FormulaFault::Empty });
        }
        let expr = parser.sum()?;
        parser.skip_spaces();
        if parser.pos < parser.chars.len() {
            return Err(parser.fault(FormulaFault::UnexpectedCharacter));
        }
        Ok(Formula { expr, placeholders: parser.placeholders })
    }

    /// The placeholders in the order they are written, each occurrence once.
    pub fn placeholders(&self) -> &[Placeholder] {
        &self.placeholders
    }

    /// The formula's value when `reading` gives each named signal's good value (None: not good, or none): None
    /// when any is missing, on a division by zero, and for a result that is not a finite number.
    pub fn evaluate(&self, reading: impl Fn(Placeholder) -> Option<f64>) -> Option<f64> {
        let values: Vec<Option<f64>> = self.placeholders.iter().map(|p| reading(*p)).collect();
        evaluate(&self.expr, &values).filter(|v| v.is_finite())
    }
}

/// How a formula's result follows its signals: what decides which report statistics it keeps
/// ([`report_statistics`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A sum of signals times constants, nothing added (`${1.2} - 0.5 * ${1.3}`): its increase over a period is
    /// the same sum of the signals' increases.
    Linear,
    /// Linear plus a constant (`${1.2} * 1.8 + 32`): its average over a period is the formula of the averages.
    Affine,
    /// Anything else (`${1.2} * ${1.3}`): only a moment's value is the formula of the moment's values.
    Other,
}

impl Formula {
    /// The formula's [`Shape`].
    pub fn shape(&self) -> Shape {
        match shape_of(&self.expr) {
            Form::Constant | Form::Affine => Shape::Affine,
            Form::Linear => Shape::Linear,
            Form::Other => Shape::Other,
        }
    }
}

/// An expression's form, bottom up: a constant, linear in the signals, linear plus a constant, or neither.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Constant,
    Linear,
    Affine,
    Other,
}

fn shape_of(expr: &Expr) -> Form {
    use Form::*;
    match expr {
        Expr::Number(_) => Constant,
        Expr::Signal(_) => Linear,
        Expr::Negate(inner) => shape_of(inner),
        Expr::Binary(op, left, right) => match (op, shape_of(left), shape_of(right)) {
            (_, Other, _) | (_, _, Other) => Other,
            (_, Constant, Constant) => Constant,
            ('+' | '-', Linear, Linear) => Linear,
            ('+' | '-', _, _) => Affine,
            ('*', Constant, form) | ('*', form, Constant) | ('/', form, Constant) => form,
            _ => Other,
        },
    }
}

/// The report statistics an intermediate variable allows (spec: `report/mvar/validStatistics`): those whose value
/// over a period is the variable's rule applied to its signals' values of the same statistic. A sum or an average
/// of signals keeps the average, the first and last values and the increase; a minimum keeps the minimum (the
/// smallest of the smallest), a maximum the maximum; a formula the first and last values, its average when it is
/// affine and its increase when it is linear. Count and running hours are the signals' own.
pub fn report_statistics(calc: Calc, formula: Option<&Formula>) -> Vec<Statistic> {
    use Statistic::*;
    match calc {
        Calc::Sum | Calc::Avg => vec![Avg, First, Last, Difference],
        Calc::Min => vec![Min, First, Last],
        Calc::Max => vec![Max, First, Last],
        Calc::Custom => match formula.map(Formula::shape) {
            Some(Shape::Linear) => vec![Avg, First, Last, Difference],
            Some(Shape::Affine) => vec![Avg, First, Last],
            _ => vec![First, Last],
        },
    }
}

fn evaluate(expr: &Expr, values: &[Option<f64>]) -> Option<f64> {
    match expr {
        Expr::Number(n) => Some(*n),
        Expr::Signal(i) => values.get(*i).copied().flatten(),
        Expr::Negate(inner) => evaluate(inner, values).map(|v| -v),
        Expr::Binary(op, left, right) => {
            let (a, b) = (evaluate(left, values)?, evaluate(right, values)?);
            match op {
                '+' => Some(a + b),
                '-' => Some(a - b),
                '*' => Some(a * b),
                _ if b == 0.0 => None,
                _ => Some(a / b),
            }
        }
    }
}

/// An aggregate's value over its signals' readings: only good ones count (None for the others); None when none
/// is good. `Custom` is not an aggregate and answers None.
pub fn aggregate(calc: Calc, readings: impl IntoIterator<Item = Option<f64>>) -> Option<f64> {
    let good: Vec<f64> = readings.into_iter().flatten().filter(|v| v.is_finite()).collect();
    if good.is_empty() {
        return None;
    }
    let value = match calc {
        Calc::Sum => good.iter().sum(),
        Calc::Avg => good.iter().sum::<f64>() / good.len() as f64,
        Calc::Min => good.iter().copied().fold(f64::INFINITY, f64::min),
        Calc::Max => good.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        Calc::Custom => return None,
    };
    Some(value).filter(|v| v.is_finite())
}

/// A recursive-descent parser over the formula's characters.
struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    placeholders: Vec<Placeholder>,
}

impl Parser {
    fn fault(&self, fault: FormulaFault) -> FormulaError {
        let fault = if self.pos >= self.chars.len() && fault == FormulaFault::UnexpectedCharacter {
            FormulaFault::UnexpectedEnd
        } else {
            fault
        };
        FormulaError { at: self.pos + 1, fault }
    }

    fn skip_spaces(&mut self) {
        while matches!(self.chars.get(self.pos), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.chars.get(self.pos).copied()
    }

    /// sum := product (('+' | '-') product)*
    fn sum(&mut self) -> Result<Expr, FormulaError> {
        let mut left = self.product()?;
        while let Some(op @ ('+' | '-')) = self.peek() {
            self.pos += 1;
            left = Expr::Binary(op, Box::new(left), Box::new(self.product()?));
        }
        Ok(left)
    }

    /// product := unary (('*' | '/') unary)*
    fn product(&mut self) -> Result<Expr, FormulaError> {
        let mut left = self.unary()?;
        while let Some(op @ ('*' | '/')) = self.peek() {
            self.pos += 1;
            left = Expr::Binary(op, Box::new(left), Box::new(self.unary()?));
        }
        Ok(left)
    }

    /// unary := '-' unary | atom
    fn unary(&mut self) -> Result<Expr, FormulaError> {
        if self.peek() == Some('-') {
            self.enter()?;
            self.pos += 1;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::Negate(Box::new(inner)));
        }
        self.atom()
    }

    fn enter(&mut self) -> Result<(), FormulaError> {
        self.depth += 1;
        if self.depth > FORMULA_DEPTH {
            return Err(self.fault(FormulaFault::TooDeep));
        }
        Ok(())
    }

    /// atom := number | placeholder | '(' sum ')'
    fn atom(&mut self) -> Result<Expr, FormulaError> {
        match self.peek() {
            Some('(') => {
                let open = self.pos;
                self.enter()?;
                self.pos += 1;
                let inner = self.sum()?;
                if self.peek() != Some(')') {
                    if self.pos >= self.chars.len() {
                        return Err(FormulaError { at: open + 1, fault: FormulaFault::UnclosedParenthesis });
                    }
                    return Err(self.fault(FormulaFault::UnexpectedCharacter));
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(inner)
            }
            Some('$') => self.placeholder(),
            Some(c) if c.is_ascii_digit() => self.number(),
            _ => Err(self.fault(FormulaFault::UnexpectedCharacter)),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Expr, FormulaError> {
        let start = self.pos;
        self.digits();
        if self.chars.get(self.pos) == Some(&'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(FormulaError { at: start + 1, fault: FormulaFault::BadNumber });
            }
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        text.parse()
            .ok()
            .filter(|n: &f64| n.is_finite())
            .map(Expr::Number)
            .ok_or(FormulaError { at: start + 1, fault: FormulaFault::BadNumber })
    }

    /// `${n.m}`: two positive whole numbers of at most 15 digits, nothing else inside.
    fn placeholder(&mut self) -> Result<Expr, FormulaError> {
        let start = self.pos;
        let bad = FormulaError { at: start + 1, fault: FormulaFault::BadPlaceholder };
        if self.placeholders.len() >= MVAR_SIGNALS {
            return Err(FormulaError { at: start + 1, fault: FormulaFault::TooManyPlaceholders });
        }
        self.pos += 1;
        if self.chars.get(self.pos) != Some(&'{') {
            return Err(bad);
        }
        self.pos += 1;
        let equipment_id = self.id().ok_or(bad)?;
        if self.chars.get(self.pos) != Some(&'.') {
            return Err(bad);
        }
        self.pos += 1;
        let signal_id = self.id().ok_or(bad)?;
        if self.chars.get(self.pos) != Some(&'}') {
            return Err(bad);
        }
        self.pos += 1;
        self.placeholders.push(Placeholder { equipment_id, signal_id });
        Ok(Expr::Signal(self.placeholders.len() - 1))
    }

    fn id(&mut self) -> Option<i64> {
        let start = self.pos;
        let n = self.digits();
        if n == 0 || n > 15 {
            return None;
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        text.parse().ok().filter(|id| *id > 0)
    }
}

#[cfg(test)]
mod tests;
