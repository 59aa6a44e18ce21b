use super::*;
use crate::routes::{flag, ids, int, text};
use serde_json::json;

fn form(text: &str) -> Params {
    Params::from_form(text).unwrap()
}

const IDS: &[ParamDef] = &[ids("ids", 10), ids("two", 2)];

#[test]
fn id_lists_come_in_every_form_the_doc_names() {
    for text in ["ids=3&ids=1", "ids=3,1", "ids.0=3&ids.1=1", "ids.1=1&ids.0=3", "ids[0]=3&ids[1]=1"] {
        assert_eq!(form(text).declared_as("t", IDS).id_list("ids").unwrap(), vec![3, 1], "{text}");
    }
    assert_eq!(form("ids=7").id_list("ids").unwrap(), vec![7]);
    assert!(form("ids.x=1").id_list("ids").is_err(), "not positions");
    assert!(form("ids.0=a").id_list("ids").is_err());
    assert!(form("").id_list("ids").is_err(), "required");
    assert!(matches!(
        form("two=1,2,3").declared_as("t", IDS).id_list("two"),
        Err(ApiError::Invalid { reason: Reason::TooMany { max: 2 }, .. })
    ));
}

#[test]
fn dotted_keys_nest() {
    let p = form("a.b=1&a.c=x+y&list[0].id=7&list[1].id=8&plain=%E4%B8%AD");
    assert_eq!(p.get("a"), Some(&json!({"b": "1", "c": "x y"})));
    assert_eq!(p.int("list.1.id").unwrap(), Some(8));
    assert_eq!(p.text("plain").unwrap().as_deref(), Some("中"));
}

#[test]
fn repeated_keys_are_lists() {
    assert_eq!(form("ids=1&ids=2&ids=3").get("ids"), Some(&json!(["1", "2", "3"])));
}

const PAGED: &[ParamDef] = &[int("page", 1, 10).default(1), int("pageSize", 1, 100).default(20), text("name").max(3)];

#[test]
fn getters_name_the_field() {
    let p = form("n=abc&o=%7B%22a%22%3A1%7D&bad=%5B1%5D&list=1&list=2");
    assert!(matches!(p.int("n"), Err(ApiError::Invalid { field, reason: Reason::NotInteger }) if field == "n"));
    assert!(matches!(p.required_text("missing"), Err(ApiError::Invalid { reason: Reason::Required, .. })));
    assert!(matches!(p.text("list"), Err(ApiError::Invalid { reason: Reason::NotText, .. })));
    assert_eq!(p.object("o").unwrap(), Some(json!({"a": 1}).as_object().unwrap().clone()));
    assert!(matches!(p.object("bad"), Err(ApiError::Invalid { reason: Reason::NotObject, .. })));
    assert!(matches!(
        form("page=20").declared_as("t", PAGED).int_or_default("page"),
        Err(ApiError::Invalid { reason: Reason::OutOfRange { min: 1, max: 10 }, .. })
    ));
}

/// The row's bounds and defaults are what the getters apply.
#[test]
fn getters_apply_the_declared_bounds() {
    assert_eq!(form("").declared_as("t", PAGED).paging().unwrap(), (1, 20));
    assert_eq!(form("page=3&pageSize=100").declared_as("t", PAGED).paging().unwrap(), (3, 100));
    assert!(matches!(
        form("pageSize=0").declared_as("t", PAGED).paging(),
        Err(ApiError::Invalid { reason: Reason::OutOfRange { min: 1, max: 100 }, field }) if field == "pageSize"
    ));
    let named = |text: &str| form(text).declared_as("t", PAGED).text("name");
    assert_eq!(named("name=+abc+").unwrap().as_deref(), Some(" abc "), "counted trimmed, answered as given");
    assert!(matches!(named("name=abcd"), Err(ApiError::Invalid { reason: Reason::TooLong { max: 3 }, .. })));
    assert_eq!(form("page=9").declared_as("t", PAGED).int_or("page", 5).unwrap(), 9);
    assert_eq!(form("").declared_as("t", PAGED).int_or("page", 5).unwrap(), 5);
}

const TEXTS: &[ParamDef] = &[text("name").max(3), text("note").max(5), text("free")];

/// `trimmed` and `name` read a text as `validate::bounded_text` and `display_name` do, with the row's length.
#[test]
fn trimmed_texts_and_names_take_the_rows_length() {
    let p = |text: &str| form(text).declared_as("t", TEXTS);
    assert_eq!(p("note=+a%0Ab+").trimmed("note").unwrap(), "a\nb");
    assert_eq!(p("").trimmed("note").unwrap(), "");
    assert!(matches!(
        p("note=abcdef").trimmed("note"),
        Err(ApiError::Invalid { reason: Reason::TooLong { max: 5 }, .. })
    ));
    assert!(matches!(p("note=a%07").trimmed("note"), Err(ApiError::Invalid { reason: Reason::ControlCharacters, .. })));
    assert_eq!(p("name=+abc+").name("name").unwrap(), "abc");
    assert!(matches!(p("name=+").name("name"), Err(ApiError::Invalid { reason: Reason::Required, .. })));
    assert!(matches!(p("name=abcd").name("name"), Err(ApiError::Invalid { reason: Reason::TooLong { max: 3 }, .. })));
}

/// A text read as bounded must have its bound in the row.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "t reads \"free\" as a bounded text, but its row declares no max")]
fn a_bounded_read_of_an_unbounded_row_panics() {
    let _ = form("free=x").declared_as("t", TEXTS).trimmed("free");
}

const ONE: &[ParamDef] = &[flag("on")];

/// A handler reading a name its row does not declare fails loudly in debug builds (the tests' builds).
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "/t reads the parameter \"off\", which its route row does not declare")]
fn reading_an_undeclared_parameter_panics() {
    let _ = form("off=true").declared_as("/t", ONE).flag("off");
}

/// And reading a declared one with a getter of another kind.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "/t reads the parameter \"on\" with the Int getter, but its row declares Bool")]
fn reading_a_parameter_as_another_kind_panics() {
    let _ = form("on=true").declared_as("/t", ONE).int("on");
}

/// The access layer puts the route's declarations on the request, and the handler's `Params` carries them: a
/// handler reading an undeclared name through the extractor fails as loudly as above.
#[tokio::test]
#[cfg(debug_assertions)]
async fn the_extracted_parameters_carry_the_routes_declarations() {
    let mut request = Request::builder().uri("/t?on=true&off=true").body(Body::empty()).unwrap();
    request.extensions_mut().insert(Declared { route: "/t", params: ONE });
    let params = Params::from_request(request, &()).await.unwrap();
    assert_eq!(params.flag("on").unwrap(), Some(true));
    let undeclared = std::panic::catch_unwind(|| params.flag("off"));
    assert!(undeclared.is_err(), "reading an undeclared name must fail");
}

#[test]
fn invalid_utf8_and_excess_are_refused() {
    assert!(matches!(Params::from_form("a=%FF%FE"), Err(ApiError::Malformed(Reason::BadEncoding))));
    assert!(matches!(Params::from_form("a.b.c.d.e.f.g.h.i=1"), Err(ApiError::Malformed(Reason::TooComplex))));
    let many = (0..2001).map(|i| format!("k{i}=1")).collect::<Vec<_>>().join("&");
    assert!(matches!(Params::from_form(&many), Err(ApiError::Malformed(Reason::TooComplex))));
}
