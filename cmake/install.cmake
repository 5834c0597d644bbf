# Installing tilestone (`cmake --install build [--prefix P]`, docs/install.md) and its Debian
# package (`make package`: dist/tilestone_VERSION_ARCH.deb through CPack).
#
#   <prefix>/bin/tilestone, <prefix>/bin/pbrain-tilestone
#   <prefix>/share/tilestone/ntuple.tsn, ntuple-train.csv   the shipped 2048 network and its log
#   <prefix>/share/tilestone/gomoku-RULE.tsnet              the shipped Gomoku networks (freestyle, standard, renju)
#   <prefix>/share/man/man1/tilestone.1.gz, pbrain-tilestone.1.gz   (help2man, when installed)
#   <prefix>/share/doc/tilestone/copyright, README.md, cli.md
#
# The program finds share/tilestone relative to its own folder (core/paths.h), so the layout
# below is fixed: bin/ and share/ side by side under one prefix. The web app is built into the
# program (cmake/embed_assets.cmake): `tilestone serve` needs no files beside it.

set(TILESTONE_BIN_DIR bin)
set(TILESTONE_SHARE_DIR share/tilestone)

install(TARGETS tilestone pbrain-tilestone RUNTIME DESTINATION ${TILESTONE_BIN_DIR})
install(FILES ${CMAKE_SOURCE_DIR}/data/ntuple.tsn ${CMAKE_SOURCE_DIR}/data/ntuple-train.csv
        DESTINATION ${TILESTONE_SHARE_DIR})
# The Gomoku networks shipped, one per rule that has one (gomoku/shipped_network.h).
file(GLOB TILESTONE_GOMOKU_NETWORKS ${CMAKE_SOURCE_DIR}/data/gomoku-*.tsnet)
install(FILES ${TILESTONE_GOMOKU_NETWORKS} DESTINATION ${TILESTONE_SHARE_DIR})
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE DESTINATION share/doc/tilestone RENAME copyright)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/docs/cli.md DESTINATION share/doc/tilestone)

# Manual pages from the programs' own help. tilestone's adds every command's help (the same text
# as docs/cli.md) as a COMMANDS section; help2man comes from Debian's help2man (scripts/deps.sh).
find_program(HELP2MAN help2man)
find_program(GZIP gzip)
find_package(Python3 COMPONENTS Interpreter)
if(HELP2MAN AND GZIP AND Python3_Interpreter_FOUND)
  set(man_dir ${CMAKE_BINARY_DIR}/man)
  set(man_include ${man_dir}/tilestone.h2m)
  add_custom_command(
    OUTPUT ${man_dir}/tilestone.1.gz ${man_dir}/pbrain-tilestone.1.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${man_dir}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/gen_cli_docs.py --bin $<TARGET_FILE:tilestone>
            --pbrain $<TARGET_FILE:pbrain-tilestone> --man-include ${man_include}
    COMMAND ${HELP2MAN} --no-info --section 1 --name "game-AI engine for 2048 and Gomoku / Renju"
            --include ${man_include} --output ${man_dir}/tilestone.1 $<TARGET_FILE:tilestone>
    COMMAND ${HELP2MAN} --no-info --section 1 --name "the tilestone Gomoku engine as a Gomocup brain"
            --output ${man_dir}/pbrain-tilestone.1 $<TARGET_FILE:pbrain-tilestone>
    COMMAND ${GZIP} -9nf ${man_dir}/tilestone.1 ${man_dir}/pbrain-tilestone.1
    DEPENDS tilestone pbrain-tilestone ${CMAKE_SOURCE_DIR}/scripts/gen_cli_docs.py
    COMMENT "Manual pages from the programs' help (help2man)"
    VERBATIM)
  add_custom_target(man_pages ALL DEPENDS ${man_dir}/tilestone.1.gz ${man_dir}/pbrain-tilestone.1.gz)
  install(FILES ${man_dir}/tilestone.1.gz ${man_dir}/pbrain-tilestone.1.gz DESTINATION share/man/man1)
else()
  message(STATUS "help2man, gzip or Python 3 not found: no manual pages (scripts/deps.sh installs help2man)")
endif()

# The Debian package. Its Depends come from the shared libraries the programs link
# (dpkg-shlibdeps: libc, libstdc++, libgcc, libfmt, libsqlite3, libzstd).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tilestone)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "the tilestone developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "game-AI engine for 2048 and Gomoku / Renju")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "tilestone plays 2048 and Gomoku / Renju in the terminal and in a web app it serves itself,\ngives hints and reviews games, runs engine matches and experiments, and ships pbrain-tilestone,\na Gomocup engine for Piskvork and other Gomoku managers.")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# The package lands in dist/; CPack's work folder stays in the build folder.
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/cpack)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_SOURCE_DIR}/dist)
include(CPack)
