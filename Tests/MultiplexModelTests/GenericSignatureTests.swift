import MultiplexModel
import Testing

/// Generic parameter clauses and `where` clauses: parsed, printed, their names and rewrites.
@Suite struct GenericSignatureTests {
  @Test func parameters() {
    let parameters = GenericParameter.parseClause("<T: Equatable, each U, V: P & Q, let N: Int>")
    #expect(
      parameters == [
        GenericParameter("T", inheritedType: .named("Equatable")),
        GenericParameter(specifier: "each", "U"),
        GenericParameter("V", inheritedType: .composition([.named("P"), .named("Q")])),
        GenericParameter(specifier: "let", "N", inheritedType: .named("Int")),
      ]
    )
    #expect(parameters[1].isPack && !parameters[0].isPack)
    #expect(GenericParameter.clause(parameters) == "<T: Equatable, each U, V: P & Q, let N: Int>")
    #expect(
      GenericParameter.parseClause("T:Collection<Int>,U") == GenericParameter.parseClause("<T: Collection<Int>, U>")
    )
    #expect(GenericParameter.parseClause("<>").isEmpty)
    // A trailing comma (SE-0439) adds no parameter.
    #expect(GenericParameter.parseClause("<T, U,>") == [GenericParameter("T"), GenericParameter("U")])
    #expect(GenericRequirement.parseClause("where T: P,").count == 1)
    #expect(GenericParameter.parseClause("").isEmpty)
    #expect(GenericParameter.clause([]) == "")
    #expect(parameters[2].references.allNames == ["P", "Q"])
    #expect(parameters[1].references.allNames.isEmpty, "a parameter's own name is no reference")
  }

  @Test func malformedParameters() {
    let parameters = GenericParameter.parseClause("<T: [Int, U>")
    #expect(parameters.map(\.description) == ["T: [Int, U"])
    #expect(GenericParameter.parseClause("<T, : P>").map(\.description) == ["T", ": P"])
  }

  @Test func requirements() {
    let requirements = GenericRequirement.parseClause(
      "where T: P, T.Element == Int, U: AnyObject, V: _Trivial, W: _TrivialAtMost(64), [T] == X"
    )
    #expect(
      requirements == [
        .conformance(.named("T"), .named("P")),
        .sameType(.member(base: .named("T"), name: "Element"), .named("Int")),
        .conformance(.named("U"), .named("AnyObject")),
        .layout(.named("V"), "_Trivial"),
        .layout(.named("W"), "_TrivialAtMost(64)"),
        .sameType(.array(.named("T")), .named("X")),
      ]
    )
    #expect(
      GenericRequirement.clause(requirements)
        == " where T: P, T.Element == Int, U: AnyObject, V: _Trivial, W: _TrivialAtMost(64), [T] == X"
    )
    #expect(
      GenericRequirement.parseClause("T.Element==Dictionary<K,V>").map(\.description) == [
        "T.Element == Dictionary<K, V>"
      ]
    )
    #expect(GenericRequirement.parseClause("where").isEmpty)
    #expect(GenericRequirement.clause([]) == "")
    #expect(GenericRequirement(parsing: "T: P") == .conformance(.named("T"), .named("P")))
    #expect(GenericRequirement(parsing: "T: P, U: Q") == .unparsed("T: P, U: Q"))
    #expect(
      GenericRequirement.parseClause("where T P, U: Q") == [.unparsed("T P"), .conformance(.named("U"), .named("Q"))]
    )
  }

  @Test func requirementReferencesAndRewrites() {
    let requirement = GenericRequirement(parsing: "C.Element == Dictionary<Key, Score>")
    #expect(requirement.references.allNames == ["C", "Dictionary", "Key", "Score"])
    #expect(requirement.references.directNames == ["Dictionary", "Key", "Score"])
    let rewritten = requirement.rewritingTypes { type in
      type.substitutingMemberPaths(["C.Element": "Element"])
        .qualifyingTypeAliases(["Score": TypeAlias(name: "Score", type: .named("Int"))], protocolType: "Delegate")
    }
    #expect(rewritten.description == "Element == Dictionary<Key, Delegate.Score>")
    let parameter = GenericParameter.parseClause("<T: Scored<Score>>")[0].rewritingTypes {
      $0.qualifyingTypeAliases(["Score": TypeAlias(name: "Score", type: .named("Int"))], protocolType: "Delegate")
    }
    #expect(parameter.description == "T: Scored<Delegate.Score>")
  }
}
