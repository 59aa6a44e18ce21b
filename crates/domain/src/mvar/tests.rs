//! The formula cases shared with the viewer (`web/src/runtime/formulaCases.json`, read by
//! web/src/runtime/formula.test.ts): a case failing here or there means the two sides drifted apart.

use super::*;
use serde_json::Value;
use std::collections::HashMap;

const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/runtime/formulaCases.json");

fn table() -> Value {
    let text = std::fs::read_to_string(CASES).unwrap_or_else(|e| panic!("{CASES}: {e}"));
    serde_json::from_str(&text).expect("the case table is JSON")
}

fn list<'a>(table: &'a Value, key: &str) -> &'a Vec<Value> {
    table[key].as_array().unwrap_or_else(|| panic!("a list at {key}"))
}

#[test]
fn valid_formulas_parse_to_their_placeholders_and_compute_as_the_table_says() {
    let table = table();
    for case in list(&table, "valid") {
        let text = case["formula"].as_str().unwrap();
        let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
        let expected: Vec<Placeholder> = case["placeholders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| Placeholder { equipment_id: p[0].as_i64().unwrap(), signal_id: p[1].as_i64().unwrap() })
            .collect();
        assert_eq!(formula.placeholders(), expected.as_slice(), "{text:?}");
        for given in case["values"].as_array().unwrap() {
            let readings: HashMap<i64, f64> = given["given"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(id, v)| (id.parse().unwrap(), v.as_f64().unwrap()))
                .collect();
            let value = formula.evaluate(|p| readings.get(&p.signal_id).copied());
            assert_eq!(value, given["result"].as_f64(), "{text:?} with {:?}", given["given"]);
        }
    }
}

#[test]
fn invalid_formulas_are_refused_where_and_why_the_table_says() {
    let table = table();
    for case in list(&table, "invalid") {
        let text = case["formula"].as_str().unwrap();
        let error = Formula::parse(text).expect_err(text);
        let fault = serde_json::to_value(error.fault).unwrap();
        assert_eq!(
            (error.at as u64, fault.as_str().unwrap()),
            (case["at"].as_u64().unwrap(), case["fault"].as_str().unwrap()),
            "{text:?}"
        );
    }
}

#[test]
fn aggregates_count_only_good_readings() {
    let table = table();
    for case in list(&table, "aggregates") {
        let calc = Calc::parse(case["calc"].as_str().unwrap()).unwrap();
        let readings = case["readings"].as_array().unwrap().iter().map(Value::as_f64);
        assert_eq!(aggregate(calc, readings), case["result"].as_f64(), "{case}");
    }
}

#[test]
fn calc_names_read_back() {
    for name in Calc::NAMES {
        assert_eq!(Calc::parse(name).map(Calc::as_str), Some(name));
    }
    assert_eq!(Calc::parse("median"), None);
    assert_eq!(aggregate(Calc::Custom, [Some(1.0)]), None);
}

#[test]
fn a_formula_of_any_characters_never_panics() {
    // Every short string over the grammar's characters and a few strangers: parsed or refused, never a panic.
    let alphabet: Vec<char> = "0.${}()+-*/ 9x温".chars().collect();
    let mut text = Vec::new();
    fn walk(alphabet: &[char], text: &mut Vec<char>, left: usize) {
        let s: String = text.iter().collect();
        if let Ok(formula) = Formula::parse(&s) {
            let _ = formula.evaluate(|_| Some(1.0));
        }
        if left == 0 {
            return;
        }
        for c in alphabet {
            text.push(*c);
            walk(alphabet, text, left - 1);
            text.pop();
        }
    }
    walk(&alphabet, &mut text, 4);
}

#[test]
fn a_formulas_shape_decides_its_report_statistics() {
    use crate::rollup::Statistic::*;
    let shape = |text: &str| Formula::parse(text).unwrap().shape();
    assert_eq!(shape("${1.2} - 0.5 * ${1.3}"), Shape::Linear);
    assert_eq!(shape("-(${1.2} + ${1.3}) / 2"), Shape::Linear);
    assert_eq!(shape("${1.2} * 1.8 + 32"), Shape::Affine);
    assert_eq!(shape("2 * 3"), Shape::Affine);
    assert_eq!(shape("${1.2} * ${1.3}"), Shape::Other);
    assert_eq!(shape("1 / ${1.2}"), Shape::Other);
    assert_eq!(shape("(${1.2} + 1) * ${1.3}"), Shape::Other);
    let custom = |text: &str| report_statistics(Calc::Custom, Some(&Formula::parse(text).unwrap()));
    assert_eq!(custom("${1.2} + ${1.3}"), vec![Avg, First, Last, Difference]);
    assert_eq!(custom("${1.2} + 1"), vec![Avg, First, Last]);
    assert_eq!(custom("${1.2} * ${1.3}"), vec![First, Last]);
    assert_eq!(report_statistics(Calc::Min, None), vec![Min, First, Last]);
    assert_eq!(report_statistics(Calc::Sum, None), vec![Avg, First, Last, Difference]);
}
