//! The metrics a birth defines (for the node, or for one device) and how DATA metrics are resolved against them.
//! A birth replaces the table whole; DATA metrics are found by alias, else by name (the specification's examples
//! send names in DATA too, and aliases are optional).

use super::events::{BirthMetric, InvalidMetric, MetricUpdate, Problem, Sample};
use crate::payload::Metric;
use crate::properties;
use crate::value::{DataType, Decoded, datatype, decode_metric};
use std::collections::HashMap;

/// A metric as its birth defined it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricDef {
    pub name: String,
    pub alias: Option<u64>,
    pub datatype: DataType,
}

/// The metrics of one birth.
#[derive(Clone, Debug, Default)]
pub(crate) struct MetricTable {
    defs: Vec<MetricDef>,
    by_name: HashMap<String, usize>,
    by_alias: HashMap<u64, usize>,
}

impl MetricTable {
    pub(crate) fn by_name(&self, name: &str) -> Option<&MetricDef> {
        self.by_name.get(name).map(|&i| &self.defs[i])
    }
}

/// What one birth payload yields.
#[derive(Debug, Default)]
pub(crate) struct Birth {
    pub table: MetricTable,
    pub metrics: Vec<BirthMetric>,
    pub unsupported: Vec<(String, DataType)>,
    pub invalid: Vec<InvalidMetric>,
}

/// Reads a birth's metrics. `fallback_time` is the payload's timestamp, else the time the message was handed in.
pub(crate) fn read_birth(metrics: &[Metric], fallback_time: u64) -> Birth {
    let mut birth = Birth::default();
    for metric in metrics {
        let invalid = |problem| InvalidMetric { name: metric.name.clone(), alias: metric.alias, problem };
        let Some(name) = metric.name.clone() else {
            birth.invalid.push(invalid(Problem::MissingName));
            continue;
        };
        if birth.table.by_name.contains_key(&name) {
            birth.invalid.push(invalid(Problem::DuplicateName));
            continue;
        }
        // A metric without a usable datatype is still defined (as Unknown), so that its DATA is counted as
        // unsupported instead of asking for rebirth after rebirth.
        let (datatype, problem) = match metric.datatype.map(datatype) {
            Some(Ok(datatype)) => (datatype, None),
            Some(Err(error)) => (DataType::Unknown, Some(Problem::Value(error))),
            None => (DataType::Unknown, Some(Problem::MissingDatatype)),
        };
        let mut alias = metric.alias;
        if let Some(a) = alias.filter(|a| birth.table.by_alias.contains_key(a)) {
            birth.invalid.push(invalid(Problem::DuplicateAlias(a)));
            alias = None;
        }
        let value = match problem.map_or_else(|| decode_metric(metric, datatype).map_err(Problem::Value), Err) {
            Ok(Decoded::Value(value)) => Some(Sample::Value(value)),
            Ok(Decoded::Null) => Some(Sample::Null),
            Ok(Decoded::Unsupported(kind)) => {
                birth.unsupported.push((name.clone(), kind));
                None
            }
            Err(problem) => {
                birth.invalid.push(invalid(problem));
                None
            }
        };
        let index = birth.table.defs.len();
        birth.table.defs.push(MetricDef { name: name.clone(), alias, datatype });
        birth.table.by_name.insert(name.clone(), index);
        if let Some(alias) = alias {
            birth.table.by_alias.insert(alias, index);
        }
        birth.metrics.push(BirthMetric {
            name,
            alias,
            datatype,
            timestamp: metric.timestamp.unwrap_or(fallback_time),
            value,
            props: properties::read(metric.properties.as_ref()),
        });
    }
    birth
}

/// What one DATA payload yields.
#[derive(Debug, Default)]
pub(crate) struct Data {
    pub values: Vec<MetricUpdate>,
    pub unsupported: Vec<(String, DataType)>,
    pub invalid: Vec<InvalidMetric>,
    /// The first metric the birth did not define, by alias or by name.
    pub unknown: Option<Unknown>,
}

#[derive(Debug)]
pub(crate) enum Unknown {
    Alias(u64),
    Name(String),
}

/// Reads a DATA message's metrics against the birth's table.
pub(crate) fn read_data(table: &MetricTable, metrics: &[Metric], fallback_time: u64) -> Data {
    let mut data = Data::default();
    for metric in metrics {
        let def = match (metric.alias, &metric.name) {
            (Some(alias), _) => table.by_alias.get(&alias).map(|&i| &table.defs[i]).ok_or(Unknown::Alias(alias)),
            (None, Some(name)) => table.by_name(name).ok_or_else(|| Unknown::Name(name.clone())),
            (None, None) => {
                data.invalid.push(InvalidMetric { name: None, alias: None, problem: Problem::MissingName });
                continue;
            }
        };
        let def = match def {
            Ok(def) => def,
            Err(unknown) => {
                data.unknown.get_or_insert(unknown);
                continue;
            }
        };
        let value = match decode_metric(metric, def.datatype) {
            Ok(Decoded::Value(value)) => Sample::Value(value),
            Ok(Decoded::Null) => Sample::Null,
            Ok(Decoded::Unsupported(kind)) => {
                data.unsupported.push((def.name.clone(), kind));
                continue;
            }
            Err(error) => {
                let problem = Problem::Value(error);
                data.invalid.push(InvalidMetric { name: Some(def.name.clone()), alias: def.alias, problem });
                continue;
            }
        };
        data.values.push(MetricUpdate {
            name: def.name.clone(),
            alias: def.alias,
            datatype: def.datatype,
            timestamp: metric.timestamp.unwrap_or(fallback_time),
            value,
            historical: metric.is_historical == Some(true),
            quality: properties::read(metric.properties.as_ref()).quality,
        });
    }
    data
}

/// The value of an NBIRTH's or NDEATH's `bdSeq` metric, whatever integer field carries it.
pub(crate) fn bd_seq(metrics: &[Metric]) -> Option<u64> {
    use crate::proto::payload::metric::Value;
    let metric = metrics.iter().find(|m| m.name.as_deref() == Some(crate::command::BD_SEQ))?;
    match metric.value {
        Some(Value::LongValue(v)) => Some(v),
        Some(Value::IntValue(v)) => Some(v.into()),
        _ => None,
    }
}
