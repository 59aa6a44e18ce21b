//! China's administrative divisions (province → city → county, GB/T 2260 codes), embedded in the binary: the one
//! table both the weather widget's place picker (`/lfscada/weather/regions`) and the weather call read. Made from
//! an npm dataset by scripts/china-regions.mjs, which names its source and licence; parsed once, on first use.

use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The converted table (crates/server/data/china-regions.json).
const TABLE: &str = include_str!("../../data/china-regions.json");

/// A county (or a city that is its own county) and its code.
type CountyRow = (String, String);
/// A city: code, name, counties.
type CityRow = (String, String, Vec<CountyRow>);
/// A province: code, name, cities.
type ProvinceRow = (String, String, Vec<CityRow>);

#[derive(Deserialize)]
struct Table {
    provinces: Vec<ProvinceRow>,
}

/// The whole tree, and each county's place in it.
pub struct Regions {
    provinces: Vec<ProvinceRow>,
    counties: HashMap<String, (usize, usize, usize)>,
}

/// Where a county is: its province, city and itself, codes and names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub province_id: String,
    pub province: String,
    pub city_id: String,
    pub city: String,
    pub county_id: String,
    pub county: String,
}

/// A node of the tree as the picker shows it.
pub struct Node<'a> {
    pub code: &'a str,
    pub name: &'a str,
}

impl Regions {
    /// The table, parsed on first use. The file is part of the binary and checked by a test: a broken one is a
    /// build mistake, found before any release.
    pub fn get() -> &'static Regions {
        static REGIONS: OnceLock<Regions> = OnceLock::new();
        REGIONS.get_or_init(|| {
            let table: Table = serde_json::from_str(TABLE).expect("crates/server/data/china-regions.json is valid");
            let mut counties = HashMap::new();
            for (p, (_, _, cities)) in table.provinces.iter().enumerate() {
                for (c, (_, _, list)) in cities.iter().enumerate() {
                    for (k, (code, _)) in list.iter().enumerate() {
                        counties.insert(code.clone(), (p, c, k));
                    }
                }
            }
            Regions { provinces: table.provinces, counties }
        })
    }

    /// The county `code` with its city and province; `None` for a code the table does not have.
    pub fn place(&self, code: &str) -> Option<Place> {
        let &(p, c, k) = self.counties.get(code)?;
        let (province_id, province, cities) = &self.provinces[p];
        let (city_id, city, counties) = &cities[c];
        let (county_id, county) = &counties[k];
        Some(Place {
            province_id: province_id.clone(),
            province: province.clone(),
            city_id: city_id.clone(),
            city: city.clone(),
            county_id: county_id.clone(),
            county: county.clone(),
        })
    }

    /// Every province with its cities and their counties, in the table's order.
    pub fn tree(
        &self,
    ) -> impl Iterator<Item = (Node<'_>, impl Iterator<Item = (Node<'_>, impl Iterator<Item = Node<'_>>)>)> {
        self.provinces.iter().map(|(code, name, cities)| {
            (
                Node { code, name },
                cities.iter().map(|(code, name, counties)| {
                    (Node { code, name }, counties.iter().map(|(code, name)| Node { code, name }))
                }),
            )
        })
    }

    /// The number of counties.
    pub fn county_count(&self) -> usize {
        self.counties.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_with_six_digit_codes_and_unique_counties() {
        let regions = Regions::get();
        assert!(regions.county_count() > 3000, "{} counties", regions.county_count());
        let mut seen = 0;
        for (province, cities) in regions.tree() {
            assert!(province.code.len() == 6 && province.code.bytes().all(|b| b.is_ascii_digit()));
            assert!(province.code.ends_with("0000"), "{}", province.code);
            for (city, counties) in cities {
                assert_eq!(&city.code[..2], &province.code[..2], "{} under {}", city.code, province.code);
                for county in counties {
                    assert_eq!(county.code.len(), 6);
                    assert!(!county.name.is_empty());
                    seen += 1;
                }
            }
        }
        assert_eq!(seen, regions.county_count(), "no county code twice");
    }

    #[test]
    fn a_county_knows_its_city_and_province() {
        let regions = Regions::get();
        let haidian = regions.place("110108").unwrap();
        assert_eq!(
            (haidian.province.as_str(), haidian.city.as_str(), haidian.county.as_str()),
            ("北京市", "北京市", "海淀区")
        );
        assert_eq!(haidian.city_id, "110100");
        let qiaoxi = regions.place("130104").unwrap();
        assert_eq!(
            (qiaoxi.province.as_str(), qiaoxi.city.as_str(), qiaoxi.county.as_str()),
            ("河北省", "石家庄市", "桥西区")
        );
        assert_eq!(regions.place("999999"), None);
        assert_eq!(regions.place("130000"), None, "a province is not a county");
    }
}
