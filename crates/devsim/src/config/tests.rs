use super::*;

fn with_points(points: &str) -> Result<Config, ConfigError> {
    Config::from_toml_str(points)
}

#[test]
fn defaults_apply_when_keys_are_absent() {
    let config = with_points(
        r#"
        [[point]]
        name = "a"
        area = "holding_register"
        address = 0
        [[point]]
        name = "b"
        area = "discrete_input"
        address = 0
        "#,
    )
    .unwrap();
    assert_eq!(config.listen, DEFAULT_LISTEN);
    assert_eq!(config.unit_id, None);
    assert_eq!(config.reply_delay_ms, 0);
    assert_eq!(config.drop_every, 0);
    let [a, b] = &config.points[..] else { panic!("two points") };
    assert_eq!(a.data_type(), DataType::Uint16);
    assert!(a.is_writable());
    assert_eq!(a.word_order, WordOrder::Big);
    assert_eq!(a.byte_order, ByteOrder::Big);
    assert_eq!(a.read_only_exception, ReadOnlyException::IllegalDataAddress);
    assert_eq!(b.data_type(), DataType::Bool);
    assert!(!b.is_writable());
}

#[test]
fn every_generator_kind_parses() {
    let config = with_points(
        r#"
        [[point]]
        name = "c"
        area = "coil"
        address = 0
        generator = { kind = "constant", value = true }
        [[point]]
        name = "r"
        area = "input_register"
        address = 0
        generator = { kind = "ramp", from = 0, to = 10, step = 2, every_ms = 100 }
        [[point]]
        name = "s"
        area = "input_register"
        address = 1
        type = "float32"
        generator = { kind = "sine", offset = 1.5, amplitude = 0.5, period_ms = 1000 }
        [[point]]
        name = "w"
        area = "input_register"
        address = 3
        generator = { kind = "random_walk", start = 5, step = 1, min = 0, max = 10, every_ms = 10, seed = 7 }
        [[point]]
        name = "t"
        area = "discrete_input"
        address = 0
        generator = { kind = "toggle", every_ms = 500 }
        "#,
    )
    .unwrap();
    let kinds: Vec<_> = config.points.iter().map(|p| p.generator.as_ref().unwrap().kind()).collect();
    assert_eq!(kinds, ["constant", "ramp", "sine", "random_walk", "toggle"]);
    assert_eq!(config.points[0].generator, Some(GeneratorConfig::Constant { value: 1.0 }));
}

fn point(extra: &str) -> String {
    format!("[[point]]\nname = \"p\"\n{extra}\n")
}

#[test]
fn unknown_keys_are_refused() {
    let err = with_points("lisen = \"127.0.0.1:1\"").unwrap_err();
    assert!(matches!(err, ConfigError::Parse(_)), "{err}");
    let err = with_points(&point("area = \"coil\"\naddress = 0\ncolour = \"red\"")).unwrap_err();
    assert!(err.to_string().contains("colour"), "{err}");
    let err = with_points(&point(
        "area = \"holding_register\"\naddress = 0\ngenerator = { kind = \"constant\", value = 1, speed = 2 }",
    ))
    .unwrap_err();
    assert!(err.to_string().contains("speed"), "{err}");
}

#[test]
fn unknown_enum_values_are_refused() {
    for extra in [
        "area = \"register\"\naddress = 0",
        "area = \"coil\"\naddress = 0\ntype = \"int8\"",
        "area = \"holding_register\"\naddress = 0\nword_order = \"middle\"",
        "area = \"holding_register\"\naddress = 0\nread_only_exception = \"illegal_function\"",
        "area = \"holding_register\"\naddress = 0\ngenerator = { kind = \"square\" }",
        "area = \"holding_register\"\naddress = 70000",
    ] {
        let err = with_points(&point(extra)).unwrap_err();
        assert!(matches!(err, ConfigError::Parse(_)), "{extra}: {err}");
    }
}

#[test]
fn overlapping_points_are_refused() {
    let err = with_points(
        r#"
        [[point]]
        name = "wide"
        area = "holding_register"
        address = 10
        type = "float64"
        [[point]]
        name = "inside"
        area = "holding_register"
        address = 13
        "#,
    )
    .unwrap_err();
    match err {
        ConfigError::Overlap { first, second, area, address } => {
            assert_eq!((first.as_str(), second.as_str()), ("wide", "inside"));
            assert_eq!(area, Area::HoldingRegister);
            assert_eq!(address, 13);
        }
        other => panic!("{other}"),
    }
}

#[test]
fn the_same_address_in_different_areas_is_fine() {
    with_points(
        r#"
        [[point]]
        name = "h"
        area = "holding_register"
        address = 0
        [[point]]
        name = "i"
        area = "input_register"
        address = 0
        [[point]]
        name = "next"
        area = "holding_register"
        address = 1
        "#,
    )
    .unwrap();
}

#[test]
fn bool_in_a_register_area_and_numbers_in_bit_areas_are_refused() {
    let err = with_points(&point("area = \"holding_register\"\naddress = 0\ntype = \"bool\"")).unwrap_err();
    assert!(matches!(err, ConfigError::TypeNotAllowed { .. }), "{err}");
    let err = with_points(&point("area = \"coil\"\naddress = 0\ntype = \"uint16\"")).unwrap_err();
    assert!(matches!(err, ConfigError::TypeNotAllowed { .. }), "{err}");
}

#[test]
fn a_multi_register_point_running_past_65535_is_refused() {
    let last = with_points(&point("area = \"input_register\"\naddress = 65534\ntype = \"float32\"")).unwrap();
    assert_eq!(last.points[0].end(), 65536);
    let err = with_points(&point("area = \"input_register\"\naddress = 65535\ntype = \"uint32\"")).unwrap_err();
    assert!(matches!(err, ConfigError::PastEnd { .. }), "{err}");
    assert!(err.to_string().contains("65535"), "{err}");
}

#[test]
fn names_must_be_present_and_unique() {
    let err = with_points("[[point]]\nname = \" \"\narea = \"coil\"\naddress = 0\n").unwrap_err();
    assert!(matches!(err, ConfigError::EmptyName { index: 0 }), "{err}");
    let err = with_points(
        "[[point]]\nname = \"x\"\narea = \"coil\"\naddress = 0\n[[point]]\nname = \"x\"\narea = \"coil\"\naddress = 1\n",
    )
    .unwrap_err();
    assert!(matches!(err, ConfigError::DuplicateName { .. }), "{err}");
}

#[test]
fn input_areas_cannot_be_made_writable() {
    let err = with_points(&point("area = \"input_register\"\naddress = 0\nwritable = true")).unwrap_err();
    assert!(matches!(err, ConfigError::WritableInput { .. }), "{err}");
}

#[test]
fn scale_must_be_finite_and_non_zero() {
    let err = with_points(&point("area = \"input_register\"\naddress = 0\nscale = 0")).unwrap_err();
    assert!(matches!(err, ConfigError::Scale { .. }), "{err}");
    let err = with_points(&point("area = \"input_register\"\naddress = 0\noffset = nan")).unwrap_err();
    assert!(matches!(err, ConfigError::Scale { .. }), "{err}");
}

fn generator_error(generator: &str) -> String {
    let err =
        with_points(&point(&format!("area = \"holding_register\"\naddress = 0\ngenerator = {generator}"))).unwrap_err();
    assert!(matches!(err, ConfigError::Generator { .. }), "{err}");
    err.to_string()
}

#[test]
fn generator_parameters_are_checked() {
    let cases = [
        ("{ kind = \"ramp\", from = 0, to = 10, step = 0, every_ms = 1 }", "step must not be 0"),
        ("{ kind = \"ramp\", from = 0, to = 10, step = -1, every_ms = 1 }", "positive step"),
        ("{ kind = \"ramp\", from = 10, to = 0, step = 1, every_ms = 1 }", "negative step"),
        ("{ kind = \"ramp\", from = 3, to = 3, step = 1, every_ms = 1 }", "must differ"),
        ("{ kind = \"ramp\", from = 0, to = 10, step = 1, every_ms = 0 }", "every_ms must be at least 1"),
        (
            "{ kind = \"random_walk\", start = 5, step = 1, min = 10, max = 0, every_ms = 1 }",
            "min (10) is greater than max (0)",
        ),
        ("{ kind = \"random_walk\", start = 50, step = 1, min = 0, max = 10, every_ms = 1 }", "outside [min, max]"),
        (
            "{ kind = \"random_walk\", start = 5, step = 0, min = 0, max = 10, every_ms = 1 }",
            "step must be greater than 0",
        ),
        ("{ kind = \"sine\", offset = 0, amplitude = 1, period_ms = 0 }", "period_ms must be at least 1"),
        ("{ kind = \"sine\", offset = inf, amplitude = 1, period_ms = 10 }", "offset must be a finite number"),
        ("{ kind = \"toggle\", every_ms = 0 }", "every_ms must be at least 1"),
    ];
    for (generator, expected) in cases {
        let message = generator_error(generator);
        assert!(message.contains(expected), "{generator}: {message}");
        assert!(message.contains("point \"p\""), "{message}");
    }
}

#[test]
fn a_missing_file_names_the_path() {
    let err = Config::load("/nonexistent/devsim.toml").unwrap_err();
    assert!(matches!(err, ConfigError::Read { .. }), "{err}");
    assert!(err.to_string().contains("/nonexistent/devsim.toml"), "{err}");
}

#[test]
fn the_demo_is_valid() {
    let demo = Config::demo().unwrap();
    assert!(demo.points.len() >= 10, "{}", demo.points.len());
}
