# The layers hold: each check compiles tests/layers/include_check.cpp against one library's usage
# requirements (its include roots and those of what it links) with CHECK_HEADER naming a header it
# must not see, and passes only when the compiler says that header is not found. The control
# compiles an allowed header the same way and must build, so that a broken check does not pass by
# failing for another reason. Each check is a target outside the default build, built by its test.

function(tilestone_layer_check name library header)
  add_library(layer_check_${name} OBJECT EXCLUDE_FROM_ALL ${CMAKE_SOURCE_DIR}/tests/layers/include_check.cpp)
  target_link_libraries(layer_check_${name} PRIVATE ${library})
  target_compile_definitions(layer_check_${name} PRIVATE CHECK_HEADER="${header}")
  add_test(NAME layers.${name} COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target layer_check_${name})
  # Builds in the one build tree: one at a time.
  set_tests_properties(layers.${name} PROPERTIES RESOURCE_LOCK build_tree)
  if(ARGN STREQUAL "ALLOWED")
    return()
  endif()
  string(REPLACE "." "\\." pattern "${header}: No such file or directory")
  set_tests_properties(layers.${name} PROPERTIES PASS_REGULAR_EXPRESSION "${pattern}")
endfunction()

tilestone_layer_check(control_gomoku_sees_core tilestone_gomoku "core/rng.h" ALLOWED)
tilestone_layer_check(control_lab_sees_gomoku tilestone_lab "gomoku/board.h" ALLOWED)
tilestone_layer_check(core_not_search tilestone_core "search/montecarlo.h")
tilestone_layer_check(core_not_gomoku tilestone_core "gomoku/board.h")
tilestone_layer_check(gomoku_not_2048 tilestone_gomoku "g2048/board.h")
tilestone_layer_check(gomoku_not_lab tilestone_gomoku "lab/match/runner.h")
tilestone_layer_check(gomoku_not_store tilestone_gomoku "store/database.h")
tilestone_layer_check(2048_not_lab tilestone_2048 "lab/g2048/td_train.h")
tilestone_layer_check(2048_not_gomoku tilestone_2048 "gomoku/board.h")
tilestone_layer_check(protocol_not_lab tilestone_protocol "lab/match/pbrain_client.h")
tilestone_layer_check(protocol_not_store tilestone_protocol "store/database.h")
tilestone_layer_check(store_not_lab tilestone_store "lab/core/shard.h")
tilestone_layer_check(lab_not_protocol tilestone_lab "protocol/gomocup.h")
tilestone_layer_check(lab_not_server tilestone_lab "server/server.h")
tilestone_layer_check(server_not_app tilestone_server "app/commands.h")
